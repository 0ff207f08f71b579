import { describe, expect, it } from 'vitest';
import { resolvedTargetRefusal, webhookAllowList, webhookTargetRefusal } from '../../../src/model/webhooks/targets.js';
import { addressKind, inCidr } from '../../../src/support/address-kinds.js';
import { parseCidr, parseIp } from '../../../src/support/addresses.js';

describe('IP addresses and ranges', () => {
  it('parses IPv4 and every IPv6 spelling, and refuses what is neither', () => {
    expect(parseIp('10.1.2.3')).toEqual([10, 1, 2, 3]);
    expect(parseIp('[::1]')).toEqual([...new Array(15).fill(0), 1]);
    expect(parseIp('::ffff:1.2.3.4')).toEqual([...new Array(10).fill(0), 255, 255, 1, 2, 3, 4]);
    expect(parseIp('1:2:3:4:5:6:7:8')).toEqual([0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 8]);
    expect(parseIp('1:2:3:4:5:6:1.2.3.4')).toEqual([0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 1, 2, 3, 4]);
    for (const bad of ['1::2::3', '1:2:3:4:5:6:7:8:9', '256.1.1.1', '1.2.3', 'localhost', '::ffff:1.2.3.256', '12345::', ':::'])
      expect(parseIp(bad), bad).toBeUndefined();
  });

  it('tells the kind of an address, through the IPv4 an IPv6 one carries', () => {
    const kind = (text: string) => addressKind(parseIp(text)!);
    expect(['127.0.0.1', '::1', '::ffff:127.0.0.2'].map(kind)).toEqual(['loopback', 'loopback', 'loopback']);
    expect(['169.254.169.254', 'fe80::1', '::ffff:169.254.169.254', '64:ff9b::a9fe:a9fe'].map(kind)).toEqual([
      'link-local',
      'link-local',
      'link-local',
      'link-local',
    ]);
    expect(['100.100.100.200', 'fd00:ec2::254'].map(kind)).toEqual(['metadata', 'metadata']);
    expect(['10.0.0.1', '172.31.255.255', '192.168.0.1', '100.64.0.1', 'fd12::1'].map(kind)).toEqual(new Array(5).fill('private'));
    expect(['0.0.0.0', '::', '224.0.0.1', '255.255.255.255', '8.8.8.8', '2001:db8::1', '172.32.0.1'].map(kind)).toEqual([
      'unspecified',
      'unspecified',
      'not-unicast',
      'not-unicast',
      'public',
      'public',
      'public',
    ]);
  });

  it('matches ranges bit by bit', () => {
    expect(inCidr(parseIp('10.255.0.1')!, parseCidr('10.0.0.0/8')!)).toBe(true);
    expect(inCidr(parseIp('11.0.0.1')!, parseCidr('10.0.0.0/8')!)).toBe(false);
    expect(inCidr(parseIp('::ffff:10.0.0.1')!, parseCidr('10.0.0.0/8')!)).toBe(true);
    expect(inCidr(parseIp('fd00::1')!, parseCidr('fc00::/7')!)).toBe(true);
    expect(parseCidr('10.0.0.0/33')).toBeUndefined();
    expect(parseCidr('fd00::/129')).toBeUndefined();
    expect(parseCidr('192.168.1.5')).toEqual({ base: [192, 168, 1, 5], bits: 32 });
  });
});

describe('webhook target policy', () => {
  const none = webhookAllowList();

  it('checks what a name resolves to, with the allowed names and ranges', () => {
    expect(resolvedTargetRefusal('hooks.example.com', '93.184.216.34', none)).toBeUndefined();
    expect(resolvedTargetRefusal('rebind.example', '169.254.169.254', none)).toBe(
      'rebind.example resolves to 169.254.169.254, which is a link-local or cloud metadata address; webhooks are never delivered there.',
    );
    expect(resolvedTargetRefusal('receiver.lan', '10.0.0.5', none)).toContain('--webhook-allow receiver.lan');
    expect(resolvedTargetRefusal('receiver.lan', '10.0.0.5', webhookAllowList(['receiver.lan']))).toBeUndefined();
    expect(resolvedTargetRefusal('other.lan', '10.0.0.5', webhookAllowList(['10.0.0.0/24']))).toBeUndefined();
    expect(resolvedTargetRefusal('receiver.lan', '169.254.0.1', webhookAllowList(['receiver.lan', '169.254.0.0/16']))).toContain('link-local');
  });

  it('refuses URLs that are not URLs, and names no credentials in its messages', () => {
    expect(webhookTargetRefusal('not a url', none)).toBe('Webhook URL not a url is not a valid URL.');
    expect(webhookTargetRefusal('http://ada:hunter2@localhost/x', none)).not.toContain('hunter2');
  });

  it('refuses allow entries that are neither ranges nor names', () => {
    for (const bad of ['10.0.0.0/33', 'http://receiver.lan', 'a b', ''])
      expect(() => webhookAllowList([bad]), bad).toThrow('Webhook destinations are allowed as');
  });
});
