import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { AUDIT_ACTION_LABELS, auditActionGroups, isAuditAction } from '@shop/domain';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every action the server writes to the audit log has a Chinese label in packages/domain (audit-actions.ts),
 * which the console shows. The actions are collected from the code itself: the `action:` of every object
 * (an audit entry, or a list filter), the values of a table of actions it names (`TRANSITION_ACTIONS[to]`), and
 * the arguments of helpers taking an `action` parameter (`recordStaff(tx, by, 'staff.create', …)`).
 */
const apiSrc = resolve(import.meta.dirname, '..', 'src');
const ACTION_SHAPE = /^[a-z][A-Za-z]*\.[a-z][A-Za-z]*$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/** The actions one source text writes, each with where it was found. */
export function actionsIn(fileName: string, text: string): { action: string; at: string }[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: { action: string; at: string }[] = [];
  const objects = new Map<string, ts.Expression>();
  const actionParams = new Map<string, number>();

  // First pass: tables of constants, and functions with an `action` parameter, by name.
  const index = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      objects.set(node.name.text, node.initializer);
      const fn = node.initializer;
      if (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) noteParams(node.name.text, fn);
    }
    if (ts.isFunctionDeclaration(node) && node.name) noteParams(node.name.text, node);
    ts.forEachChild(node, index);
  };
  const noteParams = (name: string, fn: ts.SignatureDeclarationBase) => {
    const at = fn.parameters.findIndex((p) => ts.isIdentifier(p.name) && p.name.text === 'action');
    if (at >= 0) actionParams.set(name, at);
  };
  index(source);

  const literals = (expr: ts.Node, at: string, seen = new Set<ts.Node>()) => {
    if (seen.has(expr)) return;
    seen.add(expr);
    if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) {
      if (ACTION_SHAPE.test(expr.text)) found.push({ action: expr.text, at });
      return;
    }
    // TABLE[key]: the values of the table this file declares.
    if (ts.isElementAccessExpression(expr) && ts.isIdentifier(expr.expression)) {
      const table = objects.get(expr.expression.text);
      if (table) literals(table, at, seen);
    }
    ts.forEachChild(expr, (child) => literals(child, at, seen));
  };

  const visit = (node: ts.Node) => {
    const line = () => `${fileName}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && node.name.text === 'action')
      literals(node.initializer, line());
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
      const at = actionParams.get(node.expression.text);
      const arg = at === undefined ? undefined : node.arguments[at];
      if (arg) literals(arg, line());
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const written = sourceFiles(apiSrc).flatMap((file) =>
  actionsIn(relative(apiSrc, file), readFileSync(file, 'utf8')),
);

describe('audit actions and their labels', () => {
  it('the collector finds an action by each way the code names one', () => {
    const sample = `
      const ACTIONS = { [1]: 'thing.open' };
      function recordThing(tx, by, action, id) {}
      await audit(tx, { by, action: done ? 'thing.stop' : 'thing.go', objectType: 'thing' });
      await audit(tx, { by, action: ACTIONS[to] ?? 'thing.other' });
      await recordThing(tx, by, 'thing.helper', 1);
      const notAnAction = { action: \`\${url}/bridge\` };
    `;
    expect(
      actionsIn('sample.ts', sample)
        .map((a) => a.action)
        .sort(),
    ).toEqual(['thing.go', 'thing.helper', 'thing.open', 'thing.other', 'thing.stop']);
  });

  it('finds the actions the console reported raw, through every way they are written', () => {
    const actions = new Set(written.map((w) => w.action));
    for (const action of [
      'promotion.stop', // a ternary
      'order.cancelPaid', // a workflow
      'order.ship', // a table of transitions
      'staff.create', // a helper's argument
      'template.publish', // another helper
      'ticket.close',
    ])
      expect(actions, action).toContain(action);
    expect(actions.size).toBeGreaterThan(50);
  });

  it('gives every action written anywhere a Chinese label', () => {
    const unlabelled = written.filter((w) => !isAuditAction(w.action));
    expect(unlabelled, 'add these to AUDIT_ACTION_LABELS in packages/domain/src/audit-actions.ts').toEqual(
      [],
    );
    for (const [action, label] of Object.entries(AUDIT_ACTION_LABELS)) {
      expect(label, action).toMatch(/[\u4e00-\u9fff]/);
      expect(label).not.toContain(action);
    }
  });

  it('labels no action the code never writes, and puts each in its object’s group of the filter', () => {
    const actions = new Set(written.map((w) => w.action));
    expect(Object.keys(AUDIT_ACTION_LABELS).filter((a) => !actions.has(a))).toEqual([]);
    const grouped = auditActionGroups().flatMap((g) => g.actions.map((a) => `${g.objectType}:${a}`));
    expect(grouped).toHaveLength(Object.keys(AUDIT_ACTION_LABELS).length);
    for (const entry of grouped)
      expect(entry.split(':')[1]?.startsWith(`${entry.split(':')[0]}.`)).toBe(true);
  });
});
