import { describe, expect, it } from 'vitest';
import { addFolderFile, fileForUrl, folderIndex, folderOf } from './folders.ts';

const BLOG = ['https://www.example.com/blog/2023/a', 'https://www.example.com/blog/2023/b'];
const SHOP = ['https://www.example.com/shop/shoes', 'https://www.example.com/shop/hats/red'];
const PAGES = [
  'https://www.example.com/',
  'https://www.example.com/about',
  'https://www.example.com/contact',
];

describe('folderOf', () => {
  it('keeps the path to its last slash and lower-cases scheme and host only', () => {
    expect(folderOf('HTTPS://WWW.Example.com/Blog/Post?x=/y#z')).toBe('https://www.example.com/Blog/');
    expect(folderOf('https://www.example.com')).toBe('https://www.example.com/');
    expect(folderOf('https://www.example.com?q=1')).toBe('https://www.example.com/');
    expect(folderOf('https://www.example.com/a/b/')).toBe('https://www.example.com/a/b/');
    expect(folderOf('/relative/path')).toBeNull();
  });
});

describe('fileForUrl', () => {
  const index = folderIndex([BLOG, SHOP, PAGES]);

  it('sends a URL to the file holding its folder', () => {
    expect(fileForUrl(index, 'https://www.example.com/blog/2023/c')).toBe(0);
    expect(fileForUrl(index, 'https://www.example.com/shop/hats/blue')).toBe(1);
  });

  it('takes the longest matching folder prefix when the exact folder is new', () => {
    // /blog/2024/ is in no file; /blog/ is only under the blog file's URLs.
    expect(fileForUrl(index, 'https://www.example.com/blog/2024/new')).toBe(0);
    // /shop/ holds shoes directly and hats below it: still the shop file.
    expect(fileForUrl(index, 'https://www.example.com/shop/socks/green')).toBe(1);
  });

  it('at the host root prefers the file with URLs directly in it', () => {
    expect(fileForUrl(index, 'https://www.example.com/careers')).toBe(2);
    expect(fileForUrl(index, 'https://WWW.EXAMPLE.COM/imprint')).toBe(2);
  });

  it('returns -1 for another host (the caller falls back to the active file)', () => {
    expect(fileForUrl(index, 'https://other.example/blog/2023/a')).toBe(-1);
    expect(fileForUrl(index, 'not a url')).toBe(-1);
  });

  it('breaks ties by URLs directly in the folder, then under it, then file order', () => {
    const a = ['https://a.example/x/1', 'https://a.example/x/deep/2'];
    const b = ['https://a.example/x/3', 'https://a.example/x/4'];
    expect(fileForUrl(folderIndex([a, b]), 'https://a.example/x/5')).toBe(1);
    const c = ['https://a.example/y/1', 'https://a.example/y/deep/2'];
    const d = ['https://a.example/y/3'];
    expect(fileForUrl(folderIndex([d, c]), 'https://a.example/y/9')).toBe(1);
    expect(fileForUrl(folderIndex([d, ['https://a.example/y/4']]), 'https://a.example/y/9')).toBe(0);
  });

  it('between two files that tie in the folder, picks the larger file, whatever their order', () => {
    // Both hold one URL directly in /news/ (a split sitemap's parts): the one with more URLs wins.
    const small = ['https://a.example/news/1'];
    const big = ['https://a.example/news/2', 'https://a.example/other/3', 'https://a.example/other/4'];
    const page = 'https://a.example/news/new';
    expect(fileForUrl(folderIndex([small, big]), page)).toBe(1);
    expect(fileForUrl(folderIndex([big, small]), page)).toBe(0);
    // Equal in every count: the first file, every time.
    expect(fileForUrl(folderIndex([small, ['https://a.example/news/9']]), page)).toBe(0);
    // Read one file at a time (the CLI): the same answer.
    const index = folderIndex([]);
    addFolderFile(index, 0, small);
    addFolderFile(index, 1, big);
    expect(fileForUrl(index, page)).toBe(1);
  });

  it('never picks a file given no URLs (a sitemap index)', () => {
    const index2 = folderIndex([[], BLOG]);
    expect(fileForUrl(index2, 'https://www.example.com/anything')).toBe(1);
  });

  it('counts consecutive URLs of one folder right (the fast path)', () => {
    const many = Array.from({ length: 5 }, (_, i) => `https://a.example/p/${i}`);
    const few = ['https://a.example/p/x', 'https://a.example/p/y', 'https://a.example/q/z'];
    expect(fileForUrl(folderIndex([few, many]), 'https://a.example/p/new')).toBe(1);
    expect(fileForUrl(folderIndex([few, many]), 'https://a.example/q/new')).toBe(0);
  });
});
