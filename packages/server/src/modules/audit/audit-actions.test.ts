import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@palisade/domain/audit/audit.actions';
import { auditSentence } from '@palisade/domain/audit/audit.sentences';
import { actionLabel } from '@palisade/domain/audit/audit.labels';

const MODULES = path.resolve(import.meta.dirname, '..');
const ACCOUNT_KINDS = ['contractor', 'tpi'];

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !e.name.includes('test-helpers') ? [p] : [];
  });
}

/**
 * Every action the services write, read from their source: the literals of an `action:` (a
 * ternary's both sides included) and the accounts' `${kind}.verb` for each kind of account.
 */
function actionsWritten(): Set<string> {
  const found = new Set<string>();
  for (const file of sources(MODULES)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\baction:\s*([^,\n]+)/g)) {
      const value = m[1] ?? '';
      for (const lit of value.matchAll(/'([a-z][A-Za-z]*\.[A-Za-z]+)'/g)) found.add(lit[1] ?? '');
      for (const tpl of value.matchAll(/`\$\{kind\}\.(?:\$\{disable \? '(\w+)' : '(\w+)'\}|(\w+))`/g)) {
        for (const verb of [tpl[1], tpl[2], tpl[3]].filter((v): v is string => v !== undefined)) {
          for (const kind of ACCOUNT_KINDS) found.add(`${kind}.${verb}`);
        }
      }
    }
  }
  return found;
}

describe('the actions of the activity log', () => {
  it('are the ones AUDIT_ACTIONS lists, each with its sentence', () => {
    const written = actionsWritten();
    // The walk finds the services' actions (a broken pattern would find none).
    expect(written.size).toBeGreaterThan(40);
    expect([...written].filter((a) => !(AUDIT_ACTIONS as readonly string[]).includes(a))).toEqual([]);
    expect(AUDIT_ACTIONS.filter((a) => !written.has(a))).toEqual([]);
    for (const action of written) {
      expect(auditSentence({ action, entity: 'user', before: null, after: null }), action).not.toBe(actionLabel(action));
    }
  });
});
