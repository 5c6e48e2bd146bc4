import { describe, expect, it } from 'vitest';
import { saveSsoConfigSchema } from './sso.schema';
import { domainOfEmail, isAllowedIssuer, isEmailDomain, normaliseDomain, splitDomains } from './sso.rules';

describe('single sign-on rules', () => {
  it('reads the domain of an e-mail, lower-case', () => {
    expect(domainOfEmail('Anne@Demo.Test')).toBe('demo.test');
    expect(domainOfEmail('no-at-sign')).toBe('');
    expect(domainOfEmail('odd@name@sub.example.com')).toBe('sub.example.com');
  });

  it('keeps domains as e-mails are kept: trimmed, lower-case, without "@" or a final dot', () => {
    expect(normaliseDomain(' @Example.COM. ')).toBe('example.com');
    expect(splitDomains('example.com, Example.com;\nexample.co.uk  ')).toEqual(['example.com', 'example.co.uk']);
    for (const ok of ['example.com', 'a-b.example.co.uk', 'x1.io']) expect(isEmailDomain(ok), ok).toBe(true);
    for (const bad of ['', 'localhost', 'exa mple.com', '-a.com', 'a..com', 'example.c0m1-']) expect(isEmailDomain(bad), bad).toBe(false);
  });

  it('allows https issuers, and http only on this machine', () => {
    expect(isAllowedIssuer('https://login.example.com/realms/acme')).toBe(true);
    expect(isAllowedIssuer('http://127.0.0.1:4000')).toBe(true);
    expect(isAllowedIssuer('http://localhost:4000')).toBe(true);
    expect(isAllowedIssuer('http://login.example.com')).toBe(false);
    expect(isAllowedIssuer('https://user:pw@login.example.com')).toBe(false);
    expect(isAllowedIssuer('https://login.example.com/?x=1')).toBe(false);
    expect(isAllowedIssuer('ftp://login.example.com')).toBe(false);
    expect(isAllowedIssuer('not a url')).toBe(false);
  });

  it('checks the settings form with the schema the server uses', () => {
    const base = { companyId: 'c1', issuer: 'https://login.example.com/', clientId: ' palisade ', domains: ['Example.com'], version: null };
    const ok = saveSsoConfigSchema.parse({ ...base, clientSecret: '' });
    expect(ok).toMatchObject({ issuer: 'https://login.example.com', clientId: 'palisade', clientSecret: undefined, domains: ['example.com'], requireSso: false });
    expect(saveSsoConfigSchema.safeParse({ ...base, domains: [] }).success).toBe(false);
    expect(saveSsoConfigSchema.safeParse({ ...base, domains: ['bad domain'] }).success).toBe(false);
    expect(saveSsoConfigSchema.safeParse({ ...base, issuer: 'http://login.example.com' }).success).toBe(false);
  });
});
