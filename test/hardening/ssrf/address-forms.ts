/**
 * Ways to write a host that is not on the public internet, as they go
 * between `http://` and `:port`. The WHATWG URL parser turns the numeric
 * spellings into dotted quads and IPv6 into its canonical text, so these
 * test the parser and the policy together. Loopback forms reach the canary
 * (dual-stack on every local address); the rest is seen by the connection spy.
 */
export const LOOPBACK_FORMS: readonly string[] = [
  '127.0.0.1',
  '127.1', // short forms
  '127.0.1',
  '2130706433', // decimal
  '0x7f000001', // hex
  '0X7F000001',
  '0177.0.0.1', // octal
  '017700000001',
  '0x7f.0.0.1', // dotted hex
  '0x7f.1',
  '0177.0.0x1', // mixed octal and hex
  '127.000.000.001', // zero-padded (octal zeros)
  '127.0.0.1.', // trailing dot
  '127.127.127.127', // all of 127/8
  '127.0.0.2',
  '１２７．０．０．１', // fullwidth digits and dots, folded by IDNA
  '0.0.0.0', // "this host": connects to loopback on Linux
  '0',
  '0x0',
  '[::1]',
  '[0:0:0:0:0:0:0:1]',
  '[::]',
  '[::ffff:127.0.0.1]', // IPv4-mapped
  '[::ffff:7f00:1]',
  '[0:0:0:0:0:ffff:127.0.0.1]',
  '[::ffff:0:127.0.0.1]', // IPv4-translated (RFC 6145)
  '[::127.0.0.1]', // IPv4-compatible (deprecated)
  '[::7f00:1]',
  '[64:ff9b::7f00:1]', // NAT64
  '[64:ff9b::127.0.0.1]',
  '[64:ff9b:1::7f00:1]', // local-use NAT64
  '[2002:7f00:1::]', // 6to4
  '[2001:0:4136:e378:8000:63bf:80ff:fffe]', // Teredo, client 127.0.0.1 obfuscated
  'localhost',
  'LOCALHOST',
  'localhost.',
  'LocalHost.',
  'anything.localhost', // RFC 6761: every *.localhost is loopback
  'public.example@127.0.0.1', // userinfo that looks like the host
  'public.example:443@[::1]',
  'public.example%40@127.0.0.1',
];

export const PRIVATE_FORMS: readonly string[] = [
  '10.0.0.1',
  '10.255.255.254',
  '012.0.0.1', // octal 10/8
  '167772161', // decimal 10.0.0.1
  '172.16.0.1',
  '172.31.255.254',
  '0xac100001', // hex 172.16.0.1
  '192.168.0.1',
  '192.168.1.1.',
  '3232235777', // decimal 192.168.1.1
  '0300.0250.1.1', // octal 192.168.1.1
  '100.64.0.1', // carrier-grade NAT
  '100.127.255.254',
  '169.254.169.254', // cloud metadata
  '2852039166',
  '0xa9fea9fe',
  '0251.0376.0251.0376',
  '0xa9.0xfe.0xa9.0xfe',
  '169.254.43518', // last part as a 16-bit number
  '169.254.169.254.',
  '[::ffff:169.254.169.254]',
  '[::ffff:a9fe:a9fe]',
  '[64:ff9b::a9fe:a9fe]',
  '[fd00:ec2::254]', // AWS metadata over IPv6
  '[fe80::1]', // link-local
  '[fe80::a9fe:a9fe]',
  '[fc00::1]', // unique-local
  '[fd12:3456:789a::1]',
  '[fec0::1]', // site-local (deprecated)
  '224.0.0.1', // multicast
  '239.255.255.250',
  '[ff02::1]',
  '[ff05::1:3]',
  '255.255.255.255', // broadcast
  '192.0.0.170', // reserved and documentation ranges
  '198.18.0.1',
  '192.0.2.1',
  '240.0.0.1',
  '[2001:db8::1]',
  '[100::1]', // discard-only
  '[::2]', // outside 2000::/3, which ipaddr.js calls unicast
  '[1::1]',
  '[4000::1]',
  '[fe80::1%25lo]', // a zone id the URL parser refuses
];

/** What a hostile DNS server may answer for a name; some of them in answers mixed with a public address. */
export const PRIVATE_ANSWERS: readonly string[] = [
  '127.0.0.1',
  '127.0.0.2',
  '127.255.255.254',
  '0.0.0.0',
  '::1',
  '::',
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '::7f00:1',
  '64:ff9b::7f00:1',
  '2002:7f00:1::',
  '10.0.0.1',
  '172.16.0.1',
  '192.168.1.1',
  '100.64.0.1',
  '169.254.169.254',
  '::ffff:169.254.169.254',
  'fd00:ec2::254',
  'fe80::1',
  'fc00::1',
  '224.0.0.1',
  '255.255.255.255',
  '::2',
  '4000::1',
];

export const REDIRECT_CODES = [301, 302, 303, 307, 308] as const;
