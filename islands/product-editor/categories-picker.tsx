/** The product's categories: a tree of ticks, each parent showing how many of its children are ticked. */
import { addCategory, removeCategory, type CategoryState } from '../../src/domain/product-editor.ts';

type L = Record<string, string>;
type Category = { id: number; parentId: number | null; name: string };

export function CategoriesPicker({
  tree,
  state,
  onChange,
  L,
}: {
  tree: Category[];
  state: CategoryState;
  onChange: (s: CategoryState) => void;
  L: L;
}) {
  const roots = tree.filter((c) => c.parentId == null);
  const children = (id: number) => tree.filter((c) => c.parentId === id);
  const toggle = (c: Category, on: boolean) =>
    onChange(on ? addCategory(state, c.id, c.parentId) : removeCategory(state, c.id, c.parentId));
  const item = (c: Category) => (
    <li key={c.id}>
      <label className="pe-check">
        <input
          type="checkbox"
          checked={!!state.categories[c.id]}
          onChange={(e) => toggle(c, e.target.checked)}
          data-testid={`category-${c.id}`}
        />
        <span>{c.name}</span>
        {state.parentCategoriesAmount[c.id] ? (
          <span className="badge" data-testid={`parent-count-${c.id}`}>
            {L['f.parentCount'].replace('{{count}}', String(state.parentCategoriesAmount[c.id]))}
          </span>
        ) : null}
      </label>
      {children(c.id).length ? <ul className="pe-tree">{children(c.id).map(item)}</ul> : null}
    </li>
  );
  return <ul className="pe-tree">{roots.map(item)}</ul>;
}
