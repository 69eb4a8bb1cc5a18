/**
 * Product page configurator (spec §4 "Product options", §5, §9): option choices, quantity, the
 * live subtotal and stock code, the add-to-cart state and the inline add.
 *
 * Every rule comes from src/domain, so the page agrees with the server: configure() decides
 * which options are reachable and which choice is active (choosing a choice shows its child
 * options; options no longer reachable are hidden and unchecked, and come back on their
 * default), configuredStockCode() builds the code, addToCartState() enables the button,
 * formatMoney() prints the price in the channel currency and the page locale.
 *
 * Without JavaScript the server-rendered form still posts the endpoint's own form fields
 * (product_id, quantity, options[<optionId>], option_qty[<choiceId>]).
 */
import { CART_MAX, CART_MIN, clampCartQuantity } from '../src/domain/quantity.ts';
import type { ConfiguratorLabels as Labels, ConfiguratorProps as Props } from '../src/domain/product-page.ts';
import { OptionField, Stepper, depthOf } from './product-configurator-parts.tsx';
import { AddButton, AddedSummary, Availability, ConfigSummary } from './product-configurator-summary.tsx';
import { fill, typed, useProductConfigurator } from './use-product-configurator.ts';

export type { Labels, Props };

export default function ProductConfigurator(props: Props) {
  const { options, labels } = props;
  const c = useProductConfigurator(props);
  const depth = depthOf(options);
  const optionById = new Map(options.map((o) => [o.id, o]));
  const { quantity, setQtyText } = c;

  const statusId = `pc-status-${props.productId}`;
  return (
    <form
      className="configurator"
      data-testid="configurator"
      method="post"
      action={props.addUrl}
      onSubmit={c.add}
      noValidate
    >
      {props.csrfToken ? <input type="hidden" name="_csrf" value={props.csrfToken} /> : null}
      <input type="hidden" name="product_id" value={props.productId} />
      {c.config.visibleOptionIds.map((id) => {
        const o = optionById.get(id)!;
        return (
          <OptionField
            key={o.id}
            option={o}
            level={depth(o)}
            asked={c.asked}
            config={c.config}
            labels={labels}
            money={c.money}
            choose={c.choose}
            setChoiceQty={c.setChoiceQty}
          />
        );
      })}

      <div className="field config-qty">
        <label htmlFor={`pc-qty-${props.productId}`}>
          {labels.quantity} <span className="hint">{labels.quantityHint}</span>
        </label>
        <Stepper
          id={`pc-qty-${props.productId}`}
          name="quantity"
          text={c.qtyText}
          min={CART_MIN}
          max={CART_MAX}
          onText={(v) => setQtyText(typed(v, clampCartQuantity))}
          onBlur={() => setQtyText(String(quantity))}
          onStep={(d) => setQtyText(String(clampCartQuantity(quantity + d)))}
          decLabel={fill(labels.decrease, { name: labels.quantity })}
          incLabel={fill(labels.increase, { name: labels.quantity })}
          testid="quantity"
        />
      </div>

      <ConfigSummary labels={labels} stockCode={c.stockCode} subtotal={c.money(c.subtotalCents)} />
      <Availability id={statusId} labels={labels} status={c.status} />
      <AddButton labels={labels} enabled={c.state.enabled} busy={c.busy} describedBy={statusId} />
      {c.addedHtml !== null ? <AddedSummary html={c.addedHtml} cartUrl={props.cartUrl} labels={labels} /> : null}
    </form>
  );
}
