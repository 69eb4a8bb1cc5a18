-- Returned goods leave the bill (src/domain/order-balance.ts, SQL twin in
-- src/db/queries/order-balance.ts): a refund that names a return (refunds.return_id) is both paid
-- back and off the bill, so unpaid = total + fees − returned − paid (paid net of every refund),
-- never below 0, and 0 unless the order is owed. The view keeps its columns; the refunds triggers
-- (0027) already refresh an order's facts when a refund is written.
CREATE OR REPLACE VIEW report_order_facts_now AS
  SELECT o.id AS order_id, (o.created_at AT TIME ZONE 'UTC')::date AS day, o.channel_id, CASE WHEN o.quote AND o.status <> 'cart' THEN 'quote' ELSE o.status END AS status,
    o.subtotal, o.discount, o.shipping, o.tax, o.total, p.paid, p.fees, u.unpaid,
    round(o.subtotal / c.mid_market_rate, 2) AS subtotal_usd, round(o.discount / c.mid_market_rate, 2) AS discount_usd, round(o.shipping / c.mid_market_rate, 2) AS shipping_usd, round(o.tax / c.mid_market_rate, 2) AS tax_usd, round(o.total / c.mid_market_rate, 2) AS total_usd, round(p.paid / c.mid_market_rate, 2) AS paid_usd, round(p.fees / c.mid_market_rate, 2) AS fees_usd, round(u.unpaid / c.mid_market_rate, 2) AS unpaid_usd
  FROM orders o
  JOIN channels c ON c.id = o.channel_id
  LEFT JOIN (SELECT pp.order_id, sum(pp.total) AS paid FROM payments pp WHERE pp.successful GROUP BY pp.order_id) pay ON pay.order_id = o.id
  LEFT JOIN (SELECT rp.order_id, sum(r.amount) AS refunded, coalesce(sum(r.amount) FILTER (WHERE r.return_id IS NOT NULL), 0) AS returned FROM refunds r JOIN payments rp ON rp.id = r.payment_id GROUP BY rp.order_id) ref ON ref.order_id = o.id
  LEFT JOIN (SELECT f.order_id, sum(f.amount) AS fees FROM order_fees f GROUP BY f.order_id) fee ON fee.order_id = o.id
  CROSS JOIN LATERAL (SELECT coalesce(pay.paid, 0) - coalesce(ref.refunded, 0) AS paid, coalesce(fee.fees, 0) AS fees, coalesce(ref.returned, 0) AS returned) p
  CROSS JOIN LATERAL (SELECT CASE WHEN (o.status IN ('pending', 'processing', 'on_hold', 'shipped', 'completed') AND NOT o.quote) THEN greatest(0, o.total + p.fees - p.returned - p.paid) ELSE 0 END AS unpaid) u
  WHERE o.status <> 'cart';
