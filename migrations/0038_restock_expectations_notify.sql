-- A restock staff expect moves the back-order date the product page shows: the page cache, which
-- listens for data_change, must drop it like any other storefront table's write.
CREATE TRIGGER data_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON restock_expectations
  FOR EACH STATEMENT EXECUTE FUNCTION notify_data_change();
