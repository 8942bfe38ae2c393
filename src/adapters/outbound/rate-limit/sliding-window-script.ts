/**
 * One sliding-window check, atomic in Redis. KEYS[1] is a sorted set of
 * admission times (score = ms). ARGV: max, windowMs, a unique member for this
 * request, and `now` in ms — empty means Redis's own clock, so every instance
 * shares one time source. A request leaves the window exactly `windowMs`
 * after it was admitted. ARGV[5], when set, is the time (same clock) after
 * which the caller no longer waits for this answer: a check Redis runs later
 * than that (held by a partition, queued behind a slow server) changes
 * nothing, since the caller has already answered without it.
 * Returns {admitted 1|0, or -1 when too late; remaining, resetMs, now}.
 */
export const SLIDING_WINDOW_LUA = `
local max = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local now = tonumber(ARGV[4])
if not now then
  local t = redis.call('TIME')
  now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
local deadline = tonumber(ARGV[5])
if deadline and now > deadline then
  return { -1, 0, 0, now }
end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
local admitted = 0
if count < max then
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], window)
  count = count + 1
  admitted = 1
end
local oldest = tonumber(redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')[2])
return { admitted, max - count, oldest + window - now, now }
`;
