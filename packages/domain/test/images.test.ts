import { describe, expect, it } from 'vitest';
import { IMAGE_BASE, imageUrl, isEmptyImage, PLACEHOLDER_IMAGE, parseImageList } from '../src';

describe('imageUrl (spec §3 images)', () => {
  it.each([
    ['goods/a.jpg', undefined, '/res/img/goods/a.jpg?w=128'],
    ['/goods/a.jpg', undefined, '/res/img/goods/a.jpg?w=128'],
    ['//goods/a.jpg', 300, '/res/img/goods/a.jpg?w=300'],
    ['goods/a.jpg', 400, '/res/img/goods/a.jpg?w=400'],
    ['/res/img/goods/a.jpg', 64, '/res/img/goods/a.jpg?w=64'],
    ['goods/a.jpg?v=2', 64, '/res/img/goods/a.jpg?v=2&w=64'],
    ['goods/a.jpg', 0, '/res/img/goods/a.jpg?w=128'],
    ['goods/a.jpg', -5, '/res/img/goods/a.jpg?w=128'],
    ['goods/a.jpg', 12.5, '/res/img/goods/a.jpg?w=128'],
    ['ad/banner.png', 1600, '/res/img/ad/banner.png?w=1600'],
    ['ad/banner.png', 2400, '/res/img/ad/banner.png?w=1600'],
    [' goods/a.jpg ', undefined, '/res/img/goods/a.jpg?w=128'],
    ['https://cdn.example.com/a.jpg', 64, 'https://cdn.example.com/a.jpg'],
    ['http://cdn.example.com/a.jpg', undefined, 'http://cdn.example.com/a.jpg'],
    ['HTTPS://cdn.example.com/a.jpg', undefined, 'HTTPS://cdn.example.com/a.jpg'],
    ['', undefined, PLACEHOLDER_IMAGE],
    ['   ', undefined, PLACEHOLDER_IMAGE],
    ['null', undefined, PLACEHOLDER_IMAGE],
    ['undefined', undefined, PLACEHOLDER_IMAGE],
    [null, undefined, PLACEHOLDER_IMAGE],
    [undefined, 64, PLACEHOLDER_IMAGE],
  ])('%j at width %j → %s', (path, width, url) => {
    expect(imageUrl(path, width)).toBe(url);
  });

  it.each([
    ['IMAGE_BASE', IMAGE_BASE, '/res/img'],
    ['PLACEHOLDER_IMAGE', PLACEHOLDER_IMAGE, '/res/img/placeholder.png'],
  ])('%s = %s', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it.each([
    ['', true],
    ['null', true],
    [null, true],
    [undefined, true],
    ['a.jpg', false],
    ['nullable.jpg', false],
  ])('isEmptyImage(%j) → %s', (path, empty) => {
    expect(isEmptyImage(path)).toBe(empty);
  });
});

describe('parseImageList (spec §3 product detail image lists)', () => {
  it.each<[string | null | undefined, string[]]>([
    ['["a.jpg","b/c.png"]', ['a.jpg', 'b/c.png']],
    ['["a.jpg","","null"," d.jpg "]', ['a.jpg', 'd.jpg']],
    ['[1,null,"x.jpg"]', ['x.jpg']],
    ['{"a":1}', []],
    ['not json', []],
    ['', []],
    [null, []],
    [undefined, []],
  ])('%s → %o', (json, list) => {
    expect(parseImageList(json)).toEqual(list);
  });
});
