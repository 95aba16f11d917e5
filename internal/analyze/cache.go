package analyze

import (
	"container/list"
	"sync"
	"time"

	"github.com/a2atrust/shield/internal/consult"
)

// answer is what one upstream call produced: the model's analysis, checked
// and repaired but not yet floored (the floor is laid at every use, so a
// cached answer meets the rules of the consultation that reads it).
type answer struct {
	analysis consult.Analysis
	usage    *consult.TokenUsage
	repaired bool
}

// cache is a bounded LRU of answers with a time to live. It is safe for
// concurrent use; a nil *cache stores nothing.
type cache struct {
	mu    sync.Mutex
	size  int
	ttl   time.Duration // <= 0: entries live until evicted
	now   func() time.Time
	order *list.List // front: most recently used; values are *cacheEntry
	items map[string]*list.Element
}

type cacheEntry struct {
	key     string
	val     answer
	expires time.Time
}

// newCache returns a cache of at most size entries, or nil when size <= 0.
func newCache(size int, ttl time.Duration, now func() time.Time) *cache {
	if size <= 0 {
		return nil
	}
	return &cache{size: size, ttl: ttl, now: now, order: list.New(), items: make(map[string]*list.Element)}
}

// get returns the live entry for key.
func (c *cache) get(key string) (answer, bool) {
	if c == nil {
		return answer{}, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.items[key]
	if !ok {
		return answer{}, false
	}
	e := el.Value.(*cacheEntry)
	if c.ttl > 0 && !c.now().Before(e.expires) {
		c.order.Remove(el)
		delete(c.items, key)
		return answer{}, false
	}
	c.order.MoveToFront(el)
	return e.val, true
}

// put stores val under key, evicting the least recently used entry when full.
func (c *cache) put(key string, val answer) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	exp := c.now().Add(c.ttl)
	if el, ok := c.items[key]; ok {
		e := el.Value.(*cacheEntry)
		e.val, e.expires = val, exp
		c.order.MoveToFront(el)
		return
	}
	c.items[key] = c.order.PushFront(&cacheEntry{key: key, val: val, expires: exp})
	for c.order.Len() > c.size {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.items, last.Value.(*cacheEntry).key)
	}
}

// len returns the number of entries, live or not yet found expired.
func (c *cache) len() int {
	if c == nil {
		return 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order.Len()
}
