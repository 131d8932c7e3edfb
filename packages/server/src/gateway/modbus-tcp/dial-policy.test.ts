/** Which addresses the server may dial a Modbus TCP device at, and the MODBUS_TCP_ALLOW list. */
import { describe, expect, it } from 'vitest';
import { DialPolicy, parseCidr, parseCidrList } from './dial-policy.js';

const policy = (allow = '', own: readonly string[] = ['10.0.0.5', 'fe80::1%eth0', '2001:db8::5']) =>
  new DialPolicy({ allow: parseCidrList(allow), ownAddresses: () => own });

describe('DialPolicy', () => {
  it.each([
    ['127.0.0.1', 'a loopback address'],
    ['127.255.255.254', 'a loopback address'],
    ['::1', 'a loopback address'],
    ['0:0:0:0:0:0:0:1', 'a loopback address'],
    ['169.254.169.254', 'a link-local address'],
    ['fe80::1', 'a link-local address'],
    ['febf::1', 'a link-local address'],
    ['fe80::1%eth0', 'a link-local address'],
    ['0.0.0.0', 'an unspecified address'],
    ['0.1.2.3', 'an unspecified address'],
    ['::', 'an unspecified address'],
    ['224.0.0.1', 'a multicast address'],
    ['239.255.255.250', 'a multicast address'],
    ['ff02::1', 'a multicast address'],
    ['255.255.255.255', 'a reserved or broadcast address'],
    ['240.0.0.1', 'a reserved or broadcast address'],
    ['::ffff:127.0.0.1', 'a loopback address'],
    ['::ffff:7f00:1', 'a loopback address'],
    ['::ffff:169.254.169.254', 'a link-local address'],
    ['::ffff:0.0.0.0', 'an unspecified address'],
    ['::127.0.0.1', 'an IPv4-compatible address'],
    ['10.0.0.5', "one of the server's own addresses"],
    ['::ffff:10.0.0.5', "one of the server's own addresses"],
    ['2001:db8::5', "one of the server's own addresses"],
    ['localhost', 'not an IP address'],
  ])('refuses %s: %s', (address, reason) => {
    expect(policy().refusal(address)).toBe(reason);
  });

  it.each([
    '10.0.0.6',
    '192.168.1.20',
    '172.16.0.1',
    '8.8.8.8',
    'fd00::20',
    '2001:db8::6',
    '::ffff:192.168.1.20',
  ])('dials %s, on a LAN or beyond', (address) => {
    expect(policy().refusal(address)).toBeNull();
  });

  it('dials what the operator allowed, whatever the default says', () => {
    const allowed = policy('127.0.0.0/8, ::1, 169.254.10.0/24, 10.0.0.5');
    for (const address of ['127.0.0.1', '::ffff:127.0.0.1', '::1', '169.254.10.7', '10.0.0.5']) {
      expect(allowed.refusal(address), address).toBeNull();
    }
    expect(allowed.refusal('169.254.169.254')).toBe('a link-local address');
    expect(allowed.refusal('0.0.0.0')).toBe('an unspecified address');
  });

  it('asks for the server’s own addresses at each check', () => {
    let own = ['192.0.2.1'];
    const p = new DialPolicy({ ownAddresses: () => own });
    expect(p.refusal('192.0.2.1')).toBe("one of the server's own addresses");
    own = ['192.0.2.2'];
    expect(p.refusal('192.0.2.1')).toBeNull();
    // By default: this machine's interfaces, which hold loopback at least.
    expect(new DialPolicy().refusal('127.0.0.1')).toBe('a loopback address');
  });
});

describe('parseCidr', () => {
  it('reads ranges and single addresses of both families', () => {
    expect(parseCidr('10.0.0.0/8')).toEqual({ address: '10.0.0.0', prefix: 8, family: 'ipv4' });
    expect(parseCidr(' 192.168.1.7 ')).toEqual({ address: '192.168.1.7', prefix: 32, family: 'ipv4' });
    expect(parseCidr('fd00::/8')).toEqual({ address: 'fd00::', prefix: 8, family: 'ipv6' });
    expect(parseCidr('::1')).toEqual({ address: '::1', prefix: 128, family: 'ipv6' });
    expect(parseCidr('0.0.0.0/0')).toEqual({ address: '0.0.0.0', prefix: 0, family: 'ipv4' });
  });

  it.each([
    '',
    'localhost',
    '10.0.0.0/33',
    '::/129',
    '10.0.0.0/-1',
    '10.0.0.0/8/8',
    '10.0.0/8',
    '10.0.0.0/',
    'fe80::1%eth0',
    '10.0.0.0/08a',
  ])('refuses %j', (text) => {
    expect(parseCidr(text)).toBeNull();
  });

  it('names the first bad entry of a list', () => {
    expect(parseCidrList(' , ')).toEqual([]);
    expect(() => parseCidrList('10.0.0.0/8, nope, ::1')).toThrow(
      "'nope' is not an IPv4 or IPv6 address or CIDR range",
    );
  });
});
