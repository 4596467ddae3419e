package growthdesk

import (
	"crypto/rand"
	"encoding/hex"
	"sync"
	"time"
)

// NewID returns a time-ordered random id (UUID version 7), the form of every id the
// product stores: the store's rows, accounts, tickets, meetings. Ids made by one process sort
// in the order they were made, even within one millisecond (a 12-bit sequence follows the
// millisecond, as RFC 9562 allows), so that "newest first" with the id as tie-breaker holds for
// rows written in the same instant; the remaining 62 bits are random.
func NewID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	ms, seq := idClock.next(time.Now())
	for i := 0; i < 6; i++ {
		b[i] = byte(ms >> (40 - 8*i))
	}
	b[6] = 0x70 | byte(seq>>8)
	b[7] = byte(seq)
	b[8] = b[8]&0x3f | 0x80
	h := hex.EncodeToString(b[:])
	return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:32]
}

// idClock hands out increasing (millisecond, sequence) pairs: the sequence starts at the
// fraction of the millisecond, so that ids of different processes interleave by time too, and
// moves on by one when the clock has not, or went back.
var idClock idSequence

type idSequence struct {
	mu   sync.Mutex
	last int64 // millisecond<<12 | sequence of the latest id
}

func (c *idSequence) next(now time.Time) (ms int64, seq int64) {
	t := now.UnixMilli()<<12 | (now.UnixNano()%1e6)*4096/1e6
	c.mu.Lock()
	if t <= c.last {
		t = c.last + 1
	}
	c.last = t
	c.mu.Unlock()
	return t >> 12, t & 0xfff
}

// RandomToken returns n random bytes, hex-encoded: ids that double as capabilities.
func RandomToken(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic("crypto/rand: " + err.Error())
	}
	return hex.EncodeToString(b)
}
