-- The simple checkout has no practical maximum: a company buying a copy for each of 120 employees
-- is a real order. The book's next price version: the same $7 (list $47.97), 1 to 1,000 copies.
INSERT INTO "catalog_prices"
  ("id", "product_code", "version", "unit_amount", "reference_amount", "min_quantity", "max_quantity", "created_by")
SELECT gen_random_uuid(), 'fast-forward-book', max("version") + 1, 700, 4797, 1, 1000, 'migration'
  FROM "catalog_prices" WHERE "product_code" = 'fast-forward-book';
