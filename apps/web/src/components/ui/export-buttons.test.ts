import { describe, expect, it } from 'vitest';
import { fileSize } from './export-buttons';

describe('fileSize', () => {
  it('says KB below a megabyte and MB with one decimal above', () => {
    expect(fileSize(0)).toBe('1 KB');
    expect(fileSize(5_200)).toBe('5 KB');
    expect(fileSize(800 * 1024)).toBe('800 KB');
    expect(fileSize(7.8 * 1024 * 1024)).toBe('7.8 MB');
    expect(fileSize(18 * 1024 * 1024)).toBe('18 MB');
  });
});
