package growthdesk

import (
	"regexp"
	"testing"
	"time"
)

var uuidV7 = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)

func TestNewID_IsUUIDv7InTheOrderMade(t *testing.T) {
	before := time.Now().UnixMilli()
	prev := ""
	seen := map[string]bool{}
	for i := 0; i < 10000; i++ {
		id := NewID()
		if !uuidV7.MatchString(id) {
			t.Fatalf("NewID() = %q, want a version 7 UUID", id)
		}
		if id <= prev {
			t.Fatalf("id %d %q does not sort after %q", i, id, prev)
		}
		if seen[id] {
			t.Fatalf("id %q made twice", id)
		}
		seen[id], prev = true, id
	}
	var ms int64
	for _, c := range []byte(prev[0:8] + prev[9:13]) {
		ms = ms<<4 | int64(fromHex(c))
	}
	if after := time.Now().UnixMilli(); ms < before || ms > after+1 {
		t.Fatalf("id's time %d is outside [%d, %d]", ms, before, after)
	}
}

func TestNewID_SequenceMovesOnWhenTheClockDoesNot(t *testing.T) {
	var c idSequence
	now := time.UnixMilli(1_700_000_000_000)
	ms1, seq1 := c.next(now)
	ms2, seq2 := c.next(now)
	ms3, seq3 := c.next(now.Add(-time.Second)) // the clock went back
	if ms1 != now.UnixMilli() || ms2 != ms1 || seq2 != seq1+1 || ms3 != ms1 || seq3 != seq2+1 {
		t.Fatalf("got (%d,%d) (%d,%d) (%d,%d)", ms1, seq1, ms2, seq2, ms3, seq3)
	}
}

func fromHex(c byte) byte {
	if c >= 'a' {
		return c - 'a' + 10
	}
	return c - '0'
}
