package server

import (
	"context"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// Metrics are the Prometheus series the server exports: request counts and durations by
// route pattern (never by raw path, so an attacker cannot blow up the series count), the mail
// outbox by status, and the Go runtime.
type Metrics struct {
	registry *prometheus.Registry
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
	// series caches the children of the two vectors by label values: looking them up in the
	// vectors hashes the labels and formats the status on every request.
	mu     sync.RWMutex
	series map[seriesKey]series
}

type seriesKey struct {
	route, method string
	status        int
}

type series struct {
	requests prometheus.Counter
	duration prometheus.Observer
}

// MailCounter reports how many outbox messages are in each status.
type MailCounter interface {
	CountMailByStatus(ctx context.Context) (map[string]int, error)
}

// NewMetrics registers the series; mail may be nil.
func NewMetrics(mail MailCounter) *Metrics {
	m := &Metrics{
		series:   map[seriesKey]series{},
		registry: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "growthdesk_http_requests_total",
			Help: "HTTP requests answered, by route pattern, method and status code.",
		}, []string{"route", "method", "code"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "growthdesk_http_request_duration_seconds",
			Help:    "Time to answer HTTP requests, by route pattern.",
			Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5},
		}, []string{"route"}),
	}
	m.registry.MustRegister(m.requests, m.duration,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	if mail != nil {
		m.registry.MustRegister(&mailCollector{mail: mail, desc: prometheus.NewDesc(
			"growthdesk_mail_outbox_messages", "Messages in the mail outbox, by status.", []string{"status"}, nil)})
	}
	return m
}

// Handler serves the series in the Prometheus text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.registry, promhttp.HandlerOpts{})
}

func (m *Metrics) observe(route, method string, status int, d time.Duration) {
	if route == "" {
		route = "unmatched"
	}
	k := seriesKey{route: route, method: metricMethod(method), status: status}
	m.mu.RLock()
	s, ok := m.series[k]
	m.mu.RUnlock()
	if !ok {
		s = series{m.requests.WithLabelValues(k.route, k.method, strconv.Itoa(status)), m.duration.WithLabelValues(route)}
		m.mu.Lock()
		m.series[k] = s
		m.mu.Unlock()
	}
	s.requests.Inc()
	s.duration.Observe(d.Seconds())
}

// metricMethod is the method label: the standard methods as they are, anything else "other",
// so that a client inventing methods cannot add series without end.
func metricMethod(method string) string {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch,
		http.MethodDelete, http.MethodOptions, http.MethodConnect, http.MethodTrace:
		return method
	}
	return "other"
}

type mailCollector struct {
	mail MailCounter
	desc *prometheus.Desc
}

func (c *mailCollector) Describe(ch chan<- *prometheus.Desc) { ch <- c.desc }

func (c *mailCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	counts, err := c.mail.CountMailByStatus(ctx)
	if err != nil {
		ch <- prometheus.NewInvalidMetric(c.desc, err)
		return
	}
	for _, status := range []string{growthdesk.MailPending, growthdesk.MailSending, growthdesk.MailSent, growthdesk.MailFailed, growthdesk.MailKept} {
		ch <- prometheus.MustNewConstMetric(c.desc, prometheus.GaugeValue, float64(counts[status]), status)
	}
}
