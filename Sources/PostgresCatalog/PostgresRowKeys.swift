import Foundation
import PostgresNIO
import ShopCatalog

/// The keys of a row any client writes, computed by the server: a plain `INSERT INTO waterfall.items (title, price,
/// w, h, img, shop) VALUES (…)` gets its id, price keys, title key, folded search text and section values by the
/// catalogue's own rules, so it sorts, searches and groups as an imported row does. The import computes them for its
/// own rows (``PostgresRowValues``); this trigger, installed after its COPY, for every row written since (an UPDATE
/// of the title, price, shop or extra fields computes them again).
///
/// The rules come from ShopCatalog's own tables (``RuleTables``): search folding as a table of every scalar that
/// does not fold to itself, the price's character classes as runs of scalars; the rest (the price's notation, the
/// title key's digit runs) is ported as it is written in Swift, and tested side by side with it.
enum PostgresRowKeys {
  static let foldingTable = "waterfall_folding"
  static let classesTable = "waterfall_price_classes"
  static let idSequence = "items_id_seq"
  /// Set (`SET LOCAL`) by an import that adds rows whose keys it computed itself: the trigger leaves them be.
  static let importingSetting = "waterfall.importing"

  /// Computes the rule tables (once a process), so that ``install(session:)`` finds them made.
  static func computeTables() {
    _ = (RuleTables.folding.count, RuleTables.priceClasses.count)
  }

  /// Made after the rows are in: the two rule tables, the functions, the id's default and the trigger; made
  /// again over what an earlier import made (`--append` to a catalogue imported before them too).
  static func install(session: PostgresSession) throws {
    try session.run("DROP TABLE IF EXISTS \(foldingTable), \(classesTable)")
    try session.run("CREATE TABLE \(foldingTable)(code integer PRIMARY KEY, folded text NOT NULL)")
    try insert(
      RuleTables.folding.map { "(\($0.scalar), \(literal($0.folded)))" }, into: foldingTable, session: session)
    try session.run(
      "CREATE TABLE \(classesTable)(first integer PRIMARY KEY, last integer NOT NULL, class \"char\" NOT NULL, zero integer NOT NULL)"
    )
    try insert(
      RuleTables.priceClasses.map { "(\($0.first), \($0.last), '\($0.kind.rawValue)', \($0.zero))" },
      into: classesTable, session: session)
    // The trigger runs as the client writing the row, never as the importer: so any role may read its rules.
    try session.run("GRANT SELECT ON \(foldingTable), \(classesTable) TO PUBLIC")
    for statement in functions + [hasTextFunction, triggerFunction] { try session.run(statement) }
    try session.run("CREATE SEQUENCE IF NOT EXISTS \(idSequence) OWNED BY items.id")
    try session.run("SELECT setval('\(idSequence)', (SELECT coalesce(max(id), 0) + 1 FROM items), false)")
    // The defaults and the trigger, made together: on a new catalogue, or one imported before the trigger.
    try session.run(
      PostgresSchema.whereItemsLacks(
        trigger: "waterfall_items_keys",
        """
        ALTER TABLE items ALTER COLUMN id SET DEFAULT nextval('\(idSequence)'),
          ALTER COLUMN img SET DEFAULT '', ALTER COLUMN price SET DEFAULT '',
          ALTER COLUMN title SET DEFAULT '', ALTER COLUMN shop SET DEFAULT '';
        CREATE TRIGGER waterfall_items_keys BEFORE INSERT OR UPDATE ON items
          FOR EACH ROW EXECUTE FUNCTION waterfall_items_keys();
        """))
  }

  /// `rows` (SQL tuples) inserted a few thousand to a statement.
  private static func insert(_ rows: [String], into table: String, session: PostgresSession) throws {
    var start = 0
    while start < rows.count {
      let end = min(rows.count, start + 4_000)
      try session.run("INSERT INTO \(table) VALUES " + rows[start..<end].joined(separator: ","))
      start = end
    }
  }

  /// A string literal: quotes doubled (standard_conforming_strings, on since PostgreSQL 9.1, keeps backslashes).
  private static func literal(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
  }

  /// Whether a text holds anything but whitespace (a section's value is NULL otherwise, as in memory): a regular
  /// expression of the whitespace scalars, written as `\u` escapes.
  static var hasTextFunction: String {
    let ranges = RuleTables.priceClasses.filter { $0.kind == .whitespace }.map { run in
      run.first == run.last ? escape(run.first) : escape(run.first) + "-" + escape(run.last)
    }
    return """
      CREATE OR REPLACE FUNCTION waterfall_has_text(t text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
        SELECT t ~ '[^\(ranges.joined())]'
      $$
      """
  }

  private static func escape(_ scalar: UInt32) -> String {
    scalar > 0xFFFF ? String(format: "\\U%08x", scalar) : String(format: "\\u%04x", scalar)
  }

  static let functions = [
    // Search folding: each scalar's fold from the table, or itself.
    """
    CREATE OR REPLACE FUNCTION waterfall_fold(t text) RETURNS text LANGUAGE sql STABLE SET search_path FROM CURRENT AS $$
      SELECT coalesce(string_agg(coalesce(f.folded, s.c), '' ORDER BY s.n), '')
      FROM regexp_split_to_table(t, '') WITH ORDINALITY AS s(c, n)
      LEFT JOIN waterfall_folding AS f ON f.code = ascii(s.c)
    $$
    """,
    // A scalar's price class, or NULL.
    """
    CREATE OR REPLACE FUNCTION waterfall_price_class(c integer) RETURNS "char" LANGUAGE sql STABLE SET search_path FROM CURRENT AS $$
      SELECT r.class FROM (
        SELECT * FROM waterfall_price_classes WHERE first <= c ORDER BY first DESC LIMIT 1
      ) AS r WHERE c <= r.last
    $$
    """,
    // A scalar's decimal digit value, or NULL.
    """
    CREATE OR REPLACE FUNCTION waterfall_digit(c integer) RETURNS integer LANGUAGE sql STABLE SET search_path FROM CURRENT AS $$
      SELECT CASE WHEN c BETWEEN 48 AND 57 THEN c - 48 WHEN c < 128 THEN NULL ELSE (
        SELECT c - r.zero FROM (
          SELECT * FROM waterfall_price_classes WHERE first <= c ORDER BY first DESC LIMIT 1
        ) AS r WHERE c <= r.last AND r.class = 'd') END
    $$
    """,
    // The title key (TitleCollation): the folded title, spaces trimmed, each digit run as its length without
    // leading zeros (a 9 for each 8 more) then its digits; an empty title 0xFF.
    """
    CREATE OR REPLACE FUNCTION waterfall_title_key(title text) RETURNS bytea LANGUAGE plpgsql STABLE SET search_path FROM CURRENT AS $$
    DECLARE
      folded text := btrim(waterfall_fold(title), ' ');
      key text := '';
      part text[];
      digits text;
      run_length integer;
    BEGIN
      IF folded = '' THEN RETURN '\\xff'::bytea; END IF;
      FOR part IN SELECT regexp_matches(folded, '([^0-9]*)([0-9]*)', 'g') LOOP
        key := key || part[1];
        IF part[2] <> '' THEN
          digits := ltrim(part[2], '0');
          run_length := char_length(digits);
          WHILE run_length > 8 LOOP
            key := key || '9';
            run_length := run_length - 8;
          END LOOP;
          key := key || run_length::text || digits;
        END IF;
      END LOOP;
      RETURN convert_to(key, 'UTF8');
    END
    $$
    """,
    // One number of a price (NumberRun.value): its digit groups (ASCII) and the separators between them
    // (p . c , a ' s space).
    """
    CREATE OR REPLACE FUNCTION waterfall_price_number(digit_groups text[], separators "char"[]) RETURNS numeric LANGUAGE plpgsql IMMUTABLE AS $$
    DECLARE
      group_count integer := array_length(digit_groups, 1);
      separator_count integer := coalesce(array_length(separators, 1), 0);
      total integer := 0;
      decimal_at integer;
      grouping_count integer;
      digits text := '';
      first_group text;
      i integer;
    BEGIN
      FOR i IN 1..group_count LOOP total := total + char_length(digit_groups[i]); END LOOP;
      IF total > 30 THEN RETURN NULL; END IF;
      IF separator_count > 0 AND separators[separator_count] IN ('p', 'c') AND (
        SELECT count(*) FROM unnest(separators) AS s WHERE s = separators[separator_count]) = 1
      THEN
        IF separator_count > 1 THEN
          decimal_at := separator_count;
        ELSIF NOT (char_length(digit_groups[2]) = 3 AND char_length(digit_groups[1]) <= 3 AND left(digit_groups[1], 1) <> '0') THEN
          decimal_at := 1;
        END IF;
      END IF;
      grouping_count := coalesce(decimal_at - 1, separator_count);
      IF grouping_count > 0 THEN
        FOR i IN 2..grouping_count LOOP
          IF separators[i] <> separators[1] THEN RETURN NULL; END IF;
        END LOOP;
        first_group := digit_groups[1];
        IF char_length(first_group) NOT BETWEEN 1 AND 3 OR left(first_group, 1) = '0' THEN RETURN NULL; END IF;
        IF EXISTS (SELECT FROM unnest(digit_groups[2:grouping_count + 1]) AS g WHERE char_length(g) <> 3) THEN
          IF char_length(first_group) > 2 OR char_length(digit_groups[grouping_count + 1]) <> 3 OR EXISTS (
            SELECT FROM unnest(digit_groups[2:grouping_count]) AS g WHERE char_length(g) <> 2)
          THEN
            RETURN NULL;
          END IF;
        END IF;
      END IF;
      FOR i IN 1..grouping_count + 1 LOOP digits := digits || digit_groups[i]; END LOOP;
      IF decimal_at IS NOT NULL THEN digits := digits || '.' || digit_groups[group_count]; END IF;
      RETURN digits::numeric;
    END
    $$
    """,
    // A price's value for sorting lowest first (PriceValue.parse), +∞ when unreadable.
    """
    CREATE OR REPLACE FUNCTION waterfall_price_up(price text) RETURNS double precision LANGUAGE plpgsql STABLE SET search_path FROM CURRENT AS $$
    DECLARE
      scalars integer[];
      scalar_count integer;
      pos integer := 1;
      digit integer;
      separator "char";
      digit_groups text[];
      separators "char"[];
      runs integer := 0;
      first_start integer;
      first_end integer;
      second_start integer;
      low numeric;
      high numeric;
      dashes integer := 0;
      kind "char";
      i integer;
    BEGIN
      IF price IS NULL OR octet_length(price) > 256 THEN RETURN 'Infinity'; END IF;
      scalars := ARRAY(SELECT ascii(c) FROM regexp_split_to_table(price, '') WITH ORDINALITY AS s(c, n) ORDER BY n);
      scalar_count := coalesce(array_length(scalars, 1), 0);
      WHILE pos <= scalar_count LOOP
        IF waterfall_digit(scalars[pos]) IS NULL THEN
          pos := pos + 1;
          CONTINUE;
        END IF;
        runs := runs + 1;
        IF runs > 2 THEN RETURN 'Infinity'; END IF;
        IF runs = 1 THEN first_start := pos; ELSE second_start := pos; END IF;
        digit_groups := ARRAY[''];
        separators := '{}';
        LOOP
          EXIT WHEN pos > scalar_count;
          digit := waterfall_digit(scalars[pos]);
          IF digit IS NOT NULL THEN
            digit_groups[array_length(digit_groups, 1)] := digit_groups[array_length(digit_groups, 1)] || digit::text;
            pos := pos + 1;
          ELSE
            separator := CASE scalars[pos]
              WHEN 46 THEN 'p' WHEN 65294 THEN 'p' WHEN 44 THEN 'c' WHEN 65292 THEN 'c'
              WHEN 39 THEN 'a' WHEN 8217 THEN 'a' WHEN 160 THEN 's' WHEN 8201 THEN 's' WHEN 8239 THEN 's' END;
            EXIT WHEN separator IS NULL OR pos + 1 > scalar_count OR waterfall_digit(scalars[pos + 1]) IS NULL;
            separators := separators || separator;
            digit_groups := digit_groups || ''::text;
            pos := pos + 1;
          END IF;
        END LOOP;
        IF runs = 1 THEN
          first_end := pos;
          low := waterfall_price_number(digit_groups, separators);
        ELSE
          high := waterfall_price_number(digit_groups, separators);
        END IF;
      END LOOP;
      IF runs = 0 THEN RETURN 'Infinity'; END IF;
      -- A minus sign before the first number; ".5" or "x,5", a number that lost its integer part.
      FOR i IN 1..first_start - 1 LOOP
        IF scalars[i] IN (45, 8722, 65123, 65293) THEN RETURN 'Infinity'; END IF;
      END LOOP;
      IF first_start > 1 AND scalars[first_start - 1] IN (44, 46, 65292, 65294) AND (
        first_start = 2 OR waterfall_price_class(scalars[first_start - 2]) IS DISTINCT FROM 'a')
      THEN
        RETURN 'Infinity';
      END IF;
      IF low IS NULL THEN RETURN 'Infinity'; END IF;
      IF runs = 1 THEN RETURN low::double precision; END IF;
      -- Between two numbers: one range dash, and otherwise only whitespace, letters and currency symbols.
      FOR i IN first_end..second_start - 1 LOOP
        IF scalars[i] IN (45, 8208, 8209, 8210, 8211, 8212, 8722, 126, 65374, 12316, 65293, 33267) THEN
          dashes := dashes + 1;
        ELSE
          kind := waterfall_price_class(scalars[i]);
          IF kind IS NULL OR kind = 'd' THEN RETURN 'Infinity'; END IF;
        END IF;
      END LOOP;
      IF dashes <> 1 OR high IS NULL THEN RETURN 'Infinity'; END IF;
      RETURN least(low, high)::double precision;
    END
    $$
    """,
  ]

  static let triggerFunction =
    """
    CREATE OR REPLACE FUNCTION waterfall_items_keys() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
    BEGIN
      IF current_setting('\(importingSetting)', true) = 'on' THEN RETURN NEW; END IF;
      IF TG_OP = 'UPDATE' AND (NEW.title, NEW.price, NEW.shop, NEW.extra)
        IS NOT DISTINCT FROM (OLD.title, OLD.price, OLD.shop, OLD.extra)
      THEN
        RETURN NEW;
      END IF;
      NEW.price_up := waterfall_price_up(NEW.price);
      NEW.price_down := CASE WHEN NEW.price_up = 'Infinity' THEN 'Infinity' ELSE -NEW.price_up END;
      NEW.title_key := waterfall_title_key(NEW.title);
      NEW.search := array_to_string(
        ARRAY[waterfall_fold(NEW.title), waterfall_fold(NEW.shop), waterfall_fold(NEW.price)]
          || ARRAY(SELECT waterfall_fold(value) FROM jsonb_each_text(NEW.extra::jsonb) ORDER BY key COLLATE "C"),
        E'\\n');
      NEW.shop_group := CASE WHEN waterfall_has_text(NEW.shop) THEN NEW.shop END;
      NEW.price_group := CASE WHEN waterfall_has_text(NEW.price) THEN NEW.price END;
      NEW.title_group := CASE WHEN waterfall_has_text(NEW.title) THEN NEW.title END;
      NEW.extra_group := (
        SELECT jsonb_object_agg(key, value) FROM jsonb_each_text(NEW.extra::jsonb) WHERE waterfall_has_text(value));
      RETURN NEW;
    END
    $$
    """
}
