/**
 * No function longer than 80 lines in src/ or islands/.
 *
 * Every function, arrow function, method, accessor and constructor is measured on its whole
 * declaration text, from its first token to its last (comments and blank lines inside count).
 * Nested functions are measured on their own, and the outer function still counts their text,
 * so a long component is only fixed by moving its parts out of it.
 *
 * The files are parsed by the TypeScript compiler (TypeScript 7's API, which runs the bundled
 * compiler in a child process), never matched with regular expressions.
 */
import { expect } from 'chai';
import path from 'node:path';
import type { Node, SourceFile } from 'typescript/unstable/ast';
import { SyntaxKind } from 'typescript/unstable/ast';
import { API } from 'typescript/unstable/sync';

const MAX_LINES = 80;
const root = path.resolve('.');

/**
 * Functions allowed to be longer, keyed `file name`. Only generated code or pure data tables
 * (a function that only returns one big literal), each with its reason.
 */
const EXEMPT: Record<string, string> = {};

const FUNCTION_KINDS = new Set<SyntaxKind>([
  SyntaxKind.FunctionDeclaration,
  SyntaxKind.FunctionExpression,
  SyntaxKind.ArrowFunction,
  SyntaxKind.MethodDeclaration,
  SyntaxKind.Constructor,
  SyntaxKind.GetAccessor,
  SyntaxKind.SetAccessor,
]);

type LongFunction = { file: string; line: number; name: string; lines: number };

function textOfName(node: Node | undefined, sf: SourceFile): string | undefined {
  if (!node) return undefined;
  return sf.text.slice(node.getStart(sf), node.end);
}

/** A readable name: the declaration's own, else what it is assigned to or passed to. */
function nameOf(node: Node, sf: SourceFile): string {
  const own = textOfName((node as { name?: Node }).name, sf);
  if (own) return own;
  if (node.kind === SyntaxKind.Constructor) return 'constructor';
  const parent = node.parent;
  const assigned = textOfName((parent as { name?: Node }).name, sf);
  if (assigned && parent.kind !== SyntaxKind.Parameter) return assigned;
  if (parent.kind === SyntaxKind.CallExpression) {
    const callee = textOfName((parent as unknown as { expression: Node }).expression, sf) ?? 'call';
    return `(callback of ${callee.length > 40 ? `${callee.slice(0, 40)}…` : callee})`;
  }
  return '(anonymous)';
}

function longFunctionsIn(sf: SourceFile): LongFunction[] {
  const file = path.relative(root, sf.fileName);
  const found: LongFunction[] = [];
  const visit = (node: Node): void => {
    if (FUNCTION_KINDS.has(node.kind)) {
      const start = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
      const end = sf.getLineAndCharacterOfPosition(node.end).line;
      const lines = end - start + 1;
      if (lines > MAX_LINES) found.push({ file, line: start + 1, name: nameOf(node, sf), lines });
    }
    node.forEachChild(visit);
  };
  visit(sf);
  return found;
}

describe('architecture: function length', function () {
  this.timeout(120_000);

  let all: LongFunction[];

  before(() => {
    const api = new API({ cwd: root });
    try {
      const snapshot = api.updateSnapshot({ openProject: path.join(root, 'tsconfig.json') });
      const program = snapshot.getProjects()[0].program;
      const ours = program
        .getSourceFileNames()
        .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
        .filter((f) => ['src', 'islands'].includes(path.relative(root, f).split(path.sep)[0]));
      expect(ours.length, 'source files found').to.be.greaterThan(100);
      all = ours.flatMap((f) => longFunctionsIn(program.getSourceFile(f)!));
    } finally {
      api.close();
    }
  });

  const key = (f: LongFunction) => `${f.file} ${f.name}`;

  it(`has no function over ${MAX_LINES} lines in src/ or islands/`, () => {
    const allowed = new Set(Object.keys(EXEMPT));
    const over = all.filter((f) => !allowed.has(key(f))).map((f) => `${f.file}:${f.line} ${f.name} (${f.lines} lines)`);
    expect(over, `functions over ${MAX_LINES} lines:\n  ${over.join('\n  ')}\n`).to.deep.equal([]);
  });

  it('keeps the exemption and not-yet-split lists free of stale entries', () => {
    const long = new Set(all.map(key));
    const stale = Object.keys(EXEMPT).filter((k) => !long.has(k));
    expect(stale, 'entries that are no longer long (remove them)').to.deep.equal([]);
  });
});
