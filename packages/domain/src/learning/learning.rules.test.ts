import { describe, expect, it } from 'vitest';
import { completionPercent, DocType, fileFitsType, hoursOf, isYoutubeEmbedLink, moduleCompletionPercent, nameTaken } from './learning.rules';
import { categoryNameSchema, documentSchema } from './learning.schema';

describe('learning rules', () => {
  it('accepts only Youtube embed links', () => {
    expect(isYoutubeEmbedLink('https://www.youtube.com/embed/aqz-KE-bpKQ')).toBe(true);
    expect(isYoutubeEmbedLink('https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?start=30')).toBe(true);
    expect(isYoutubeEmbedLink('https://www.youtube.com/watch?v=aqz-KE-bpKQ')).toBe(false);
    expect(isYoutubeEmbedLink('https://www.youtube.com/embed/')).toBe(false);
    expect(isYoutubeEmbedLink('https://www.youtube.com/embed/abc"><script>')).toBe(false);
    expect(isYoutubeEmbedLink('http://www.youtube.com/embed/aqz-KE-bpKQ')).toBe(false);
  });

  it('matches file names to document types', () => {
    expect(fileFitsType('a.PNG', DocType.IMAGE)).toBe(true);
    expect(fileFitsType('a.pdf', DocType.IMAGE)).toBe(false);
    expect(fileFitsType('clip.webm', DocType.VIDEO)).toBe(true);
    expect(fileFitsType('clip.webm', DocType.PDF)).toBe(false);
    expect(fileFitsType('x.pdf', DocType.YOUTUBE)).toBe(false);
  });

  it('turns seconds into hours to 2 decimals and caps completion at 100 %', () => {
    expect(hoursOf(5400)).toBe(1.5);
    expect(hoursOf(1)).toBe(0);
    expect(hoursOf(100)).toBe(0.03);
    expect(completionPercent(1, 3)).toBe(33.33);
    expect(completionPercent(5, 3)).toBe(100);
    expect(completionPercent(1, 0)).toBe(0);
    expect(moduleCompletionPercent(3, 8)).toBe(37.5);
  });

  it('applies the category rules and the form texts', () => {
    expect(nameTaken(' safety ', ['Safety'])).toBe(true);
    expect(categoryNameSchema('category').safeParse('Fi').error?.issues[0]?.message).toBe('Category must be at least 3 characters');
    expect(categoryNameSchema('subcategory').safeParse('Gas & Oil').error?.issues[0]?.message).toBe('Special characters are not allowed');
    const base = { title: 'Ab', desc: 'Cd', totaltime: '60', rewards: '1', type: '3', filename: 'a.pdf' };
    expect(documentSchema('learning').safeParse(base).success).toBe(true);
    expect(documentSchema('notice').safeParse({ ...base, totaltime: 'x' }).error?.issues[0]?.message).toBe('Total time must be a number');
    expect(documentSchema('learning').safeParse({ ...base, type: '4', item_url: 'x' }).error?.issues[0]?.message).toBe('Link is not valid');
    expect(documentSchema('notice').safeParse({ ...base, type: '4', item_url: 'x' }).error?.issues[0]?.message).toBe('Invalid Url');
  });
});
