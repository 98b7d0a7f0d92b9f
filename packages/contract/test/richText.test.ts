import { describe, expect, it } from 'vitest';
import { plainText, plainTextLength } from '../src';

describe('plainText', () => {
  it('should give an empty string for nothing', () => {
    expect(plainText(null)).toBe('');
    expect(plainText(undefined)).toBe('');
    expect(plainText('')).toBe('');
  });

  it('should strip tags, including attributes and block ends', () => {
    expect(plainText('<p>Grow <strong>fast</strong></p><p>and <a href="https://x.io">well</a></p>')).toBe(
      'Grow fastand well',
    );
  });

  it('should decode named entities', () => {
    expect(plainText('a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos;&nbsp;f')).toBe(`a & b <c> "d" 'e' f`);
  });

  it('should decode decimal and hexadecimal character references', () => {
    expect(plainText('&#65;&#x42;&#X43;&#128512;')).toBe('ABC😀');
  });

  it('should leave unknown entities and out-of-range references as they are', () => {
    expect(plainText('&bogus; &#1114112; &#x110000;')).toBe('&bogus; &#1114112; &#x110000;');
  });

  it('should not turn decoded angle brackets back into tags', () => {
    expect(plainText('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe('<script>alert(1)</script>');
  });
});

describe('plainTextLength', () => {
  it('should count what the reader sees, not the markup', () => {
    expect(plainTextLength('<p><em>abc</em></p>')).toBe(3);
    expect(plainTextLength('&amp;&lt;')).toBe(2);
  });

  it('should count an emoji once', () => {
    expect(plainTextLength('😀')).toBe(1);
    expect(plainTextLength('<p>a😀b&#128512;</p>')).toBe(4);
  });

  it('should give 0 for nothing', () => {
    expect(plainTextLength(null)).toBe(0);
    expect(plainTextLength('<p></p>')).toBe(0);
  });
});
