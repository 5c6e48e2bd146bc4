import { describe, expect, it } from 'vitest';
import { firstDocumentScripts } from './web-delivery';

describe('firstDocumentScripts', () => {
  it("names the scripts and modulepreloads of a first document, once each, whatever the attributes' order", () => {
    const html = `<!doctype html><html><head>
    <link rel="preload" href="/api/auth/me" as="fetch" crossorigin>
    <script type="module" crossorigin src="/assets/first-paint-start.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/index-a1.js">
    <link crossorigin href="/assets/boot-b2.js" rel="modulepreload">
    <link rel="stylesheet" href="/assets/index-c3.css">
    <link rel="icon" href="data:image/svg+xml,x.js">
    <link rel="modulepreload" crossorigin href="/assets/boot-b2.js">
    </head><body><script>window.inline = 1;</script></body></html>`;
    expect(firstDocumentScripts(html)).toEqual([
      '/assets/first-paint-start.js',
      '/assets/index-a1.js',
      '/assets/boot-b2.js',
    ]);
  });
});
