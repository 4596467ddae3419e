package main

import (
	"bufio"
	"io"
	"sync"
	"time"
)

// lockedWriter lets the main log and the access log's flushes share one output without
// their writes overlapping (a write of more than 4 KB to a pipe is not atomic).
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// bufferedWriter gathers the access log's lines and writes them out when the buffer is full,
// every flushEvery, and on Close: under load these lines come by the thousand a second, and
// one write a line costs a system call each (nginx buffers its access log the same way).
// Lines still in the buffer when the process is killed are lost; errors and the API's lines
// never pass through here.
type bufferedWriter struct {
	mu   sync.Mutex
	w    *bufio.Writer
	stop chan struct{}
	done chan struct{}
}

const (
	accessLogBuffer = 64 << 10
	flushEvery      = time.Second
)

func newBufferedWriter(w io.Writer) *bufferedWriter {
	b := &bufferedWriter{w: bufio.NewWriterSize(w, accessLogBuffer), stop: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(b.done)
		t := time.NewTicker(flushEvery)
		defer t.Stop()
		for {
			select {
			case <-b.stop:
				return
			case <-t.C:
				_ = b.Flush()
			}
		}
	}()
	return b
}

// Write keeps each line whole: a line that does not fit what is left of the buffer goes out
// after the buffer is flushed, never split across two writes.
func (b *bufferedWriter) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(p) > b.w.Available() && b.w.Buffered() > 0 {
		if err := b.w.Flush(); err != nil {
			return 0, err
		}
	}
	return b.w.Write(p)
}

// Flush writes out what is buffered.
func (b *bufferedWriter) Flush() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.w.Flush()
}

// Close stops the periodic flush and writes out the rest.
func (b *bufferedWriter) Close() error {
	close(b.stop)
	<-b.done
	return b.Flush()
}
