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

/**
 * NOT YET SPLIT: long functions still waiting for their split, so the check can guard
 * everything else today. Remove an entry when its function is split; never add new ones.
 * Route files (src/features/<name>/routes.ts) wait for the change to how routes declare their
 * access rules; the seed scripts and the rest wait for their own split.
 */
const NOT_YET_SPLIT: string[] = [
  'islands/behaviours/date-field.ts dateField', // 148 lines
  'islands/behaviours/dealer-locator.ts dealerLocator', // 134 lines
  'islands/behaviours/landing.ts landing', // 82 lines
  'islands/behaviours/parts-editor.ts attachEditor', // 102 lines
  'islands/behaviours/parts-explorer.ts partsExplorer', // 181 lines
  'islands/calendar/index.tsx CalendarEditor', // 326 lines
  'islands/checkout/address-form.tsx AddressForm', // 171 lines
  'islands/checkout/epp-payment.tsx EppPayment', // 124 lines
  'islands/dashboard-charts/index.tsx ChartCanvas', // 137 lines
  'islands/dashboard-charts/index.tsx (callback of useEffect)', // 117 lines
  "islands/dashboard-charts/index.tsx (callback of import('chart.js/auto').then)", // 109 lines
  'islands/epp/calculator.tsx EppCalculator', // 81 lines
  'islands/epp/parts.tsx PlanCard', // 120 lines
  'islands/epp/parts.tsx Choices', // 112 lines
  'islands/epp/use-epp.ts useEpp', // 124 lines
  'islands/image-uploader.tsx ImageUploader', // 86 lines
  'islands/order-editor/payment-list.tsx PaymentList', // 85 lines
  'islands/order-editor/payment-panel.tsx PaymentPanel', // 298 lines
  'islands/order-editor/product-search.tsx ProductSearch', // 98 lines
  'islands/order-editor/refund-panel.tsx RefundPanel', // 119 lines
  'islands/payment-methods/add-bank.tsx AddBank', // 167 lines
  'islands/payment-methods/add-card.tsx AddCard', // 97 lines
  'islands/payment-methods/index.tsx PaymentMethods', // 187 lines
  'islands/product-configurator.tsx ProductConfigurator', // 237 lines
  'islands/product-editor/index.tsx ProductEditor', // 602 lines
  'islands/product-editor/media-picker.tsx MediaPicker', // 117 lines
  'islands/product-editor/options.tsx OptionCard', // 120 lines
  'islands/product-editor/options.tsx ChoiceRows', // 84 lines
  'islands/product-editor/relations.tsx ImagesEditor', // 118 lines
  'islands/product-editor/relations.tsx DistributorsEditor', // 125 lines
  'islands/product-editor/relations.tsx ChannelsEditor', // 157 lines
  'islands/product-editor/relations.tsx (callback of rows.map)', // 88 lines
  'islands/quick-order/index.tsx QuickOrder', // 275 lines
  'islands/quick-order/index.tsx (callback of rows.map)', // 84 lines
  'islands/quick-order/part-search.tsx PartSearch', // 92 lines
  'islands/seed-plate-calculator.tsx SeedPlateCalculator', // 197 lines
  'islands/translation-editor/index.tsx TranslationEditor', // 336 lines
  'islands/translation-editor/preview-pane.tsx PreviewPane', // 85 lines
  'islands/warehouse-key.tsx WarehouseKey', // 116 lines
  'src/features/account/routes.ts accountRoutes', // 84 lines
  'src/features/auth/routes.ts authRoutes', // 141 lines
  'src/features/cart/routes.ts cartRoutes', // 138 lines
  'src/features/customers/routes.ts customerRoutes', // 144 lines
  'src/features/dealers/routes.ts dealerRoutes', // 98 lines
  'src/features/instructionals/routes.ts instructionalRoutes', // 160 lines
  'src/features/leads/routes.ts leadRoutes', // 120 lines
  'src/features/media/routes.ts mediaRoutes', // 81 lines
  'src/features/order-admin/routes.ts orderAdminRoutes', // 85 lines
  'src/features/order-api/routes.ts orderApiRoutes', // 94 lines
  'src/features/org-users/routes.ts orgUserRoutes', // 109 lines
  'src/features/parts/routes.ts partsRoutes', // 174 lines
  'src/features/payment-methods/routes.ts paymentMethodRoutes', // 120 lines
  'src/features/permissions/routes.ts permissionRoutes', // 183 lines
  'src/features/product-editor/routes.ts productEditorRoutes', // 136 lines
  'src/features/promotions/routes.ts promotionRoutes', // 114 lines
  'src/features/quotes/routes.ts quoteRoutes', // 228 lines
  'src/features/reports/routes.ts reportRoutes', // 152 lines
  'src/features/shipping/routes.ts shippingRoutes', // 93 lines
  'src/features/warehouses/routes.ts warehouseRoutes', // 191 lines
  'src/features/webhooks/routes.ts integrationRoutes', // 171 lines
  'src/workflows/approvals/routes.ts approvalRoutes', // 99 lines
  'src/workflows/checkout/routes.ts checkoutRoutes', // 241 lines
];

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
    const allowed = new Set([...Object.keys(EXEMPT), ...NOT_YET_SPLIT]);
    const over = all.filter((f) => !allowed.has(key(f))).map((f) => `${f.file}:${f.line} ${f.name} (${f.lines} lines)`);
    expect(over, `functions over ${MAX_LINES} lines:\n  ${over.join('\n  ')}\n`).to.deep.equal([]);
  });

  it('keeps the exemption and not-yet-split lists free of stale entries', () => {
    const long = new Set(all.map(key));
    const stale = [...Object.keys(EXEMPT), ...NOT_YET_SPLIT].filter((k) => !long.has(k));
    expect(stale, 'entries that are no longer long (remove them)').to.deep.equal([]);
  });
});
