import { describe, expect, it } from 'vitest';
import { directoryOf, encodeUrl, originOf, scanUrl, trimValue } from './urls.ts';

describe('scanUrl', () => {
  it('splits an absolute URL into its parts', () => {
    expect(scanUrl('HTTPS://u:p@Www.Example.com:8080/a/b?x=1#f')).toEqual({
      scheme: 'https',
      hasAuthority: true,
      userinfo: 'u:p',
      host: 'Www.Example.com',
      port: '8080',
      path: '/a/b',
      query: 'x=1',
      fragment: 'f',
    });
    expect(scanUrl('https://a.com')?.path).toBe('');
    expect(scanUrl('https://[::1]:8443/x')?.host).toBe('[::1]');
    expect(scanUrl('mailto:a@b.c')?.hasAuthority).toBe(false);
  });

  it('returns null for relative forms', () => {
    expect(scanUrl('/about')).toBeNull();
    expect(scanUrl('//www.example.com/a')).toBeNull();
    expect(scanUrl('www.example.com/a')).toBeNull();
  });

  it('gives origins and directories', () => {
    expect(originOf(scanUrl('HTTPS://A.com:443/x')!)).toBe('https://a.com');
    expect(directoryOf('/a/b.xml')).toBe('/a/');
  });
});

describe('trimValue and encodeUrl', () => {
  it('trims NBSP, ideographic and zero-width spaces', () => {
    expect(trimValue('\u00a0\u200b https://a.com/ \u3000\n')).toBe('https://a.com/');
  });

  it('percent-encodes non-ASCII and forbidden characters, punycodes the host', () => {
    expect(encodeUrl('https://www.example.com/ümlat.php?q=name')).toBe(
      'https://www.example.com/%C3%BCmlat.php?q=name',
    );
    expect(encodeUrl('https://www.example.com/summer sale/')).toBe('https://www.example.com/summer%20sale/');
    expect(encodeUrl('https://bücher.example/a')).toBe('https://xn--bcher-kva.example/a');
    expect(encodeUrl('https://a.com/100%')).toBe('https://a.com/100%25');
    expect(encodeUrl('/relative')).toBeNull();
  });
});
