import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LogFormatError, compileApacheFormat, compileFormat, compileNginxFormat, parseLine, type LogRecord } from '../src/index.js';
import { prop } from './reference.js';

describe('compileFormat', () => {
  it('compiles the presets once', () => {
    const combined = compileFormat('combined');
    expect(compileFormat()).toBe(combined);
    expect(combined.fields.map((f) => f.kind)).toEqual(['ip', 'ident', 'user', 'time', 'request', 'status', 'bytes', 'referrer', 'userAgent']);
    expect(combined.fields.filter((f) => f.quoted).map((f) => f.kind)).toEqual(['request', 'referrer', 'userAgent']);
    expect(compileFormat('common').fields).toHaveLength(7);
    expect(compileFormat(combined)).toBe(combined);
  });

  it('names the unknown preset, directive or variable', () => {
    expect(() => compileFormat('apache' as 'common')).toThrow(/unknown log format 'apache'/);
    expect(() => compileApacheFormat('%h %Z %s')).toThrow(new LogFormatError("unsupported Apache directive '%Z' at position 3"));
    expect(() => compileApacheFormat('%h %{%Y}t')).toThrow(/'%\{%Y\}t'.*only the default time format/);
    expect(() => compileApacheFormat('%h %400,501{User-agent}i')).toThrow(/conditional/);
    expect(() => compileApacheFormat('%h %{Referer')).toThrow(/unterminated '%\{'/);
    expect(() => compileNginxFormat('$remote_addr $bogus_thing')).toThrow(new LogFormatError("unsupported nginx variable '$bogus_thing' at position 13"));
    expect(() => compileApacheFormat('%h%u')).toThrow(/touch with nothing between them/);
    expect(() => compileApacheFormat('no fields')).toThrow(/has no fields/);
    expect(() => compileFormat(42 as never)).toThrow(TypeError);
  });

  it('reads a vhost Apache format with headers and %D', () => {
    const format = compileApacheFormat('%v:%p %h %l %u %t "%r" %>s %O "%{Referer}i" "%{User-Agent}i" %D "%{X-Forwarded-For}i"');
    const r = parseLine(
      'blog.example:443 10.0.0.1 - - [08/Jan/2006:00:14:48 +0000] "GET /x HTTP/2.0" 200 512 "http://r.example/" "UA" 1234 "1.2.3.4, 5.6.7.8"',
      { format },
    ) as LogRecord;
    expect(r.fields).toEqual({ serverName: 'blog.example', port: '443', bytesOut: '512', durationMicros: '1234', 'X-Forwarded-For': '1.2.3.4, 5.6.7.8' });
    expect(r.referrer).toBe('http://r.example/');
    expect(r.userAgent).toBe('UA');
    expect(r.bytes).toBeNull(); // %O is not %b
    expect(r.day).toBe(20060108);
  });

  it('reads nginx formats, with $time_iso8601 and split request fields', () => {
    const combined = compileNginxFormat(
      '$remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent "$http_referer" "$http_user_agent" "$http_x_forwarded_for"',
    );
    const r = parseLine('::1 - - [08/Jan/2006:23:59:59 -0800] "GET /n HTTP/1.1" 200 99 "-" "nginx-ua" "-"', { format: combined }) as LogRecord;
    expect([r.ip, r.day, r.path, r.bytes, r.referrer, r.fields['http_x_forwarded_for']]).toEqual(['::1', 20060108, '/n', 99, null, '-']);
    expect(r.time?.toISOString()).toBe('2006-01-09T07:59:59.000Z');
    const iso = compileNginxFormat('$remote_addr $time_iso8601 $request_method ${request_uri} $status $request_time');
    const s = parseLine('1.2.3.4 2024-02-29T23:30:00+05:30 POST /api?q=1 201 0.004', { format: iso }) as LogRecord;
    expect([s.method, s.path, s.status, s.day, s.fields['request_time']]).toEqual(['POST', '/api?q=1', 201, 20240229, '0.004']);
    expect(s.time?.toISOString()).toBe('2024-02-29T18:00:00.000Z');
  });

  it('reads a query string written right after the path: %U%q, $uri$is_args$args (review regression: refused)', () => {
    const apache = compileApacheFormat('%h %l %u %t "%m %U%q %H" %>s %b');
    const nginx = compileNginxFormat('$remote_addr [$time_local] "$request_method $uri$is_args$args $server_protocol" $status');
    const line = (query: string) => `1.2.3.4 - - [08/Jan/2006:00:14:48 +0000] "GET /p${query} HTTP/1.1" 200 5`;
    const nline = (query: string) => `1.2.3.4 [08/Jan/2006:00:14:48 +0000] "GET /p${query} HTTP/1.1" 200`;
    for (const query of ['?x=1&y=2', '']) {
      const a = parseLine(line(query), { format: apache }) as LogRecord;
      expect([a.method, a.path, a.protocol, a.status]).toEqual(['GET', `/p${query}`, 'HTTP/1.1', 200]);
      const n = parseLine(nline(query), { format: nginx }) as LogRecord;
      expect([n.method, n.path, n.protocol, n.status]).toEqual(['GET', `/p${query}`, 'HTTP/1.1', 200]);
    }
    expect(apache.fields.map((f) => f.source)).toContain('%U%q');
    expect(() => compileApacheFormat('%h %q%U')).toThrow(LogFormatError);
  });

  it('takes the status from %>s whatever the order, %s and %<s as originalStatus (review regression: %s overrode %>s)', () => {
    const line = '1.2.3.4 [08/Jan/2006:00:14:48 +0000] "GET / HTTP/1.1" 302 200';
    for (const [format, status, original] of [
      ['%h %t "%r" %s %>s', 200, '302'],
      ['%h %t "%r" %>s %s', 302, '200'],
      ['%h %t "%r" %<s %>s', 200, '302'],
      ['%h %t "%r" %s %b', 302, undefined],
    ] as const) {
      const r = parseLine(line, { format: { apache: format } }) as LogRecord;
      expect(r.status, format).toBe(status);
      expect(r.fields['originalStatus'], format).toBe(original);
    }
  });

  prop([fc.string({ unit: fc.constantFrom(...'%$hlutrsb>{}iRefrUse-agn " []_ovq') })])(
    'any format string compiles or throws a LogFormatError/TypeError with a message',
    (text) => {
      for (const compile of [compileApacheFormat, compileNginxFormat]) {
        try {
          const f = compile(text);
          expect(f.literals.length).toBe(f.fields.length + 1);
        } catch (error) {
          expect(error instanceof LogFormatError || error instanceof TypeError).toBe(true);
          expect((error as Error).message.length).toBeGreaterThan(0);
        }
      }
    },
  );
});
