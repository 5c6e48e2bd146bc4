import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_PAINT_HEADING } from '@palisade/domain/first-paint';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Issue 19, first visit: a deep link's first document names the code its shell (and, on a home,
 * the home page) needs as modulepreload links; the sign-in page and public pages stay as built.
 */
describe('the app page of a deep link', () => {
  let t: TestApp;
  let webDist: string;
  const html = `<!doctype html><html><head>\n    <script type="module" crossorigin src="/assets/index-e1.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/shared-s1.js">\n  </head><body><div id="root"></div></body></html>`;
  const preloads = {
    signIn: ['/assets/login-form-l1.js', '/assets/shared-s1.js'],
    shells: {
      sapphire: ['/assets/app-a1.js', '/assets/sapphire-shell-s2.js', '/assets/shared-s1.js'],
      contractor: ['/assets/app-a1.js', '/assets/contractor-shell-c2.js', '/assets/shared-s1.js'],
      auditor: ['/assets/app-a1.js', '/assets/auditor-shell-u2.js'],
    },
    homes: {
      sapphire: ['/assets/organisation-home-page-o3.js'],
      contractor: ['/assets/contractor-home-page-c3.js', '/assets/table-t1.js'],
      auditor: ['/assets/auditor-home-page-u3.js'],
    },
  };

  beforeAll(async () => {
    webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'palisade-web-'));
    await fs.writeFile(path.join(webDist, 'index.html'), html);
    await fs.writeFile(path.join(webDist, 'first-visit-preloads.json'), JSON.stringify(preloads));
    t = await createTestApp({ WEB_DIST: webDist });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(webDist, { recursive: true, force: true });
  });

  /** The modulepreload links of the page served at `url`, in order. */
  const preloadsOf = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root"></div>');
    return [...res.body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
      (m) => m[1],
    );
  };
  const SESSION_PRELOAD = '<link rel="preload" href="/api/auth/me" as="fetch" crossorigin>';
  const bodyOf = async (url: string) => (await t.app.inject({ method: 'GET', url })).body;

  it('preloads the router, the shell and the home page on a home, without what index.html already loads', async () => {
    expect(await preloadsOf('/atgl/Contractor/dashboard')).toEqual([
      '/assets/shared-s1.js',
      '/assets/app-a1.js',
      '/assets/contractor-shell-c2.js',
      '/assets/contractor-home-page-c3.js',
      '/assets/table-t1.js',
    ]);
    // Routes ignore case and a trailing slash; the bare shell address leads home.
    expect(await preloadsOf('/sapphire/dashboard/')).toContain(
      '/assets/organisation-home-page-o3.js',
    );
    expect(await preloadsOf('/auditor')).toContain('/assets/auditor-home-page-u3.js');
  });

  it('asks for the session with the document, before any code', async () => {
    const body = await bodyOf('/atgl/Contractor/dashboard');
    expect(body.indexOf(SESSION_PRELOAD)).toBeGreaterThan(0);
    expect(body.indexOf(SESSION_PRELOAD)).toBeLessThan(body.indexOf('<script'));
    expect(await bodyOf('/sapphire/Assessment')).toContain(SESSION_PRELOAD);
    expect(await bodyOf('/Forgot_Password')).not.toContain(SESSION_PRELOAD);
  });

  it('preloads only the router and the shell elsewhere in a shell', async () => {
    expect(await preloadsOf('/auditor/Assessment?page=2')).toEqual([
      '/assets/shared-s1.js',
      '/assets/app-a1.js',
      '/assets/auditor-shell-u2.js',
    ]);
  });

  it("preloads the sign-in form's code and asks for the session with the sign-in page's document, and no shell code", async () => {
    for (const url of ['/', '/?next=x']) {
      expect(await preloadsOf(url)).toEqual(['/assets/shared-s1.js', '/assets/login-form-l1.js']);
      const body = await bodyOf(url);
      expect(body.indexOf(SESSION_PRELOAD)).toBeGreaterThan(0);
      expect(body.indexOf(SESSION_PRELOAD)).toBeLessThan(body.indexOf('<script'));
    }
  });

  it('leaves the public pages as built: no shell code', async () => {
    for (const url of ['/Forgot_Password', '/reset_password?oobCode=x', '/sapphireish']) {
      expect(await preloadsOf(url)).toEqual(['/assets/shared-s1.js']);
      expect(await bodyOf(url)).not.toContain('/api/auth/me');
    }
  });

  describe("a signed-in user's home drawn before the code (issue 25)", () => {
    const FRAGMENT = `<style>#first-paint{}</style><div id="first-paint"><h1>${FIRST_PAINT_HEADING}</h1></div>`;
    beforeAll(async () => {
      await fs.writeFile(path.join(webDist, 'first-paint.html'), FRAGMENT);
      await fs.writeFile(path.join(webDist, 'first-paint-start.js'), 'import("/assets/index-e1.js");');
      // The list is read at start: a second app sees the fragment.
      painted = await createTestApp({ WEB_DIST: webDist });
    });
    afterAll(async () => {
      await painted.close();
      await fs.rm(path.join(webDist, 'first-paint.html'));
      await fs.rm(path.join(webDist, 'first-paint-start.js'));
    });
    let painted: TestApp;
    const documentOf = async (url: string, cookie?: string) => {
      const res = await painted.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
      expect(res.statusCode).toBe(200);
      // What names a user is for that user's browser alone.
      if (res.body.includes('id="first-paint"')) expect(res.headers['cache-control']).toBe('private, no-cache');
      return res.body;
    };
    const firstPaintOf = (body: string) => /<div id="first-paint"><h1>([^<]*)<\/h1><\/div>/.exec(body)?.[1] ?? null;

    it("puts the frame with the user's welcome heading in the body of its home, before the app's root", async () => {
      const admin = await painted.signIn('admin@demo.test');
      const body = await documentOf('/sapphire/Dashboard', admin);
      expect(firstPaintOf(body)).toBe('Welcome, Dana Admin');
      expect(body.indexOf('id="first-paint"')).toBeLessThan(body.indexOf('<div id="root">'));
      expect(body.indexOf('id="first-paint"')).toBeGreaterThan(body.indexOf('<body>'));
      // With the home's code preloaded, as for anybody, at low priority (nothing of the first
      // paint waits for it); the entry starts once the first paint is drawn.
      expect(body).toContain('<script type="module" crossorigin src="/first-paint-start.js"></script>');
      expect(body).not.toContain('src="/assets/index-e1.js"');
      const preloaded = [...body.matchAll(/<link rel="modulepreload" crossorigin fetchpriority="low" href="([^"]+)">/g)].map((m) => m[1]);
      expect(preloaded).toEqual(
        expect.arrayContaining(['/assets/index-e1.js', '/assets/shared-s1.js', '/assets/organisation-home-page-o3.js']),
      );
      expect(body).not.toMatch(/<link rel="modulepreload" crossorigin href=/);
      const contractor = await painted.signIn('contractor1@demo.test');
      expect(firstPaintOf(await documentOf('/atgl/Contractor/dashboard', contractor))).toMatch(/^Welcome, /);
      const auditor = await painted.signIn('auditor1@demo.test');
      expect(firstPaintOf(await documentOf('/auditor/', auditor))).toMatch(/^Welcome, /);
    });

    it('draws the home at / for a signed-in user, whom the app leads there, and loads its code instead of the form', async () => {
      const admin = await painted.signIn('admin@demo.test');
      const body = await documentOf('/', admin);
      expect(firstPaintOf(body)).toBe('Welcome, Dana Admin');
      expect(body).toContain('/assets/organisation-home-page-o3.js');
      expect(body).not.toContain('/assets/login-form-l1.js');
    });

    it("draws nothing without a live session, on another shell's home or on another page", async () => {
      expect(firstPaintOf(await documentOf('/sapphire/Dashboard'))).toBeNull();
      expect(await documentOf('/sapphire/Dashboard')).toContain('<script type="module" crossorigin src="/assets/index-e1.js"></script>');
      expect(firstPaintOf(await documentOf('/'))).toBeNull();
      expect(firstPaintOf(await documentOf('/sapphire/Dashboard', 'palisade_session=not-a-session'))).toBeNull();
      const contractor = await painted.signIn('contractor1@demo.test');
      expect(firstPaintOf(await documentOf('/sapphire/Dashboard', contractor))).toBeNull();
      expect(firstPaintOf(await documentOf('/atgl/Contractor/assessments', contractor))).toBeNull();
      expect(firstPaintOf(await documentOf('/Forgot_Password', contractor))).toBeNull();
      // A signed-out session draws nothing either.
      await painted.app.inject({ method: 'POST', url: '/api/auth/signOut', headers: { cookie: contractor } });
      expect(firstPaintOf(await documentOf('/atgl/Contractor/dashboard', contractor))).toBeNull();
    });

    it("writes the user's name as text, never as markup", async () => {
      const admin = await painted.signIn('admin@demo.test');
      const saved = await painted.post('/api/profile/updateProfile', { name: '<img src=x onerror=alert(1)> & "Co"' }, admin);
      expect(saved.status).toBe(200);
      const heading = firstPaintOf(await documentOf('/sapphire/Dashboard', admin));
      expect(heading).toBe('Welcome, &lt;img src=x onerror=alert(1)&gt; &amp; &quot;Co&quot;');
    });
  });
  describe("the first styles and the document's compression (issue 63)", () => {
    const styles = {
      signIn: { ids: ['s1'], rules: ['.css-s1{color:red;}'] },
      shells: {
        sapphire: { ids: ['o1', 'animation-k1'], rules: ['.css-o1{margin:0;}', '@media (min-width:600px){.css-o1{margin:8px;}}', '@keyframes animation-k1{from{opacity:0;}}'] },
      },
    };
    let styled: TestApp;
    beforeAll(async () => {
      await fs.writeFile(path.join(webDist, 'first-styles.json'), JSON.stringify(styles));
      styled = await createTestApp({ WEB_DIST: webDist });
    });
    afterAll(async () => {
      await styled.close();
      await fs.rm(path.join(webDist, 'first-styles.json'));
    });
    const get = (url: string, headers: Record<string, string> = {}) => styled.app.inject({ method: 'GET', url, headers });

    it("puts each page's captured styles in its head, with the ids the app's style cache counts as inserted", async () => {
      const home = (await get('/sapphire/Dashboard')).body;
      const element = '<style id="first-styles" data-ids="o1 animation-k1">.css-o1{margin:0;}@media (min-width:600px){.css-o1{margin:8px;}}@keyframes animation-k1{from{opacity:0;}}</style>';
      expect(home).toContain(element);
      expect(home.indexOf(element)).toBeLessThan(home.indexOf('</head>'));
      // The shell's other pages share its frame's styles; the sign-in page has its own.
      expect((await get('/sapphire/Assessment')).body).toContain(element);
      expect((await get('/')).body).toContain('<style id="first-styles" data-ids="s1">.css-s1{color:red;}</style>');
      // A shell without captured styles, and the public pages, have none.
      expect((await get('/auditor/dashboard')).body).not.toContain('first-styles');
      expect((await get('/Forgot_Password')).body).not.toContain('first-styles');
    });

    it('sends each document compressed as the browser accepts it, the same text as uncompressed, a shared one as the same bytes each time', async () => {
      const plain = await get('/sapphire/Dashboard');
      expect(plain.headers['content-encoding']).toBeUndefined();
      const br = await get('/sapphire/Dashboard', { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
      expect(br.headers['content-type']).toMatch(/^text\/html/);
      expect(br.headers['cache-control']).toBe('no-cache');
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      expect((await get('/sapphire/Dashboard', { 'accept-encoding': 'br' })).rawPayload.equals(br.rawPayload)).toBe(true);
      const gzip = await get('/', { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe((await get('/')).body);
    });

    it("compresses the page made for a signed-in user as it is sent", async () => {
      const admin = await styled.signIn('admin@demo.test');
      const res = await get('/', { cookie: admin, 'accept-encoding': 'br' });
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('private, no-cache');
      const text = zlib.brotliDecompressSync(res.rawPayload).toString();
      expect(text).toBe((await get('/', { cookie: admin })).body);
      expect(text).toContain('data-ids="o1 animation-k1"');
    });

    it('refuses a file whose rule could end the style element', async () => {
      const bad = { shells: { sapphire: { ids: ['x1'], rules: ['.css-x1{}</style><script>alert(1)</script>'] } } };
      await fs.writeFile(path.join(webDist, 'first-styles.json'), JSON.stringify(bad));
      await expect(createTestApp({ WEB_DIST: webDist })).rejects.toThrow();
      await fs.writeFile(path.join(webDist, 'first-styles.json'), JSON.stringify(styles));
    });
  });
});
