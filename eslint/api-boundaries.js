import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * The API's module boundaries, as lint rules.
 *
 * A module (apps/api/src/modules/<name>/) offers other modules only its public files:
 * `<name>.usecases` (what it does), `<name>.deps` (the collaborators it needs) and `<name>.errors`.
 * Types may be imported from any file of another module except its tables and repository (adapter
 * interfaces are types shared at the edge). Repositories and tables may also import another
 * module's `*.table`, read-only, for foreign keys and for reads that must join. Nothing imports
 * another module's repository: its SQL is reached through its use cases.
 *
 * A table object carries its table's name; a name written inside an SQL string does not, so renaming
 * a table would fail only at run time. `no-foreign-table-in-sql` refuses another module's table name
 * after FROM, JOIN, INTO or UPDATE, or as any item of a comma join (FROM a, b), in any string or
 * template of a module's code, whole statements and fragments alike ('left join … on …'), and in
 * text put together from pieces (`'from ' + NAME`, a constant or literal interpolated in a template).
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const modulesDir = path.join(here, '..', 'apps', 'api', 'src', 'modules');

/** Which module owns each table, read from the `pgTable('name', …)` calls of every `*.table.ts`. */
export function tableOwners(dir = modulesDir) {
  const owners = new Map();
  for (const module of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!module.isDirectory()) continue;
    const walk = (folder) => {
      for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
        const full = path.join(folder, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.name.endsWith('.table.ts')) {
          const text = fs.readFileSync(full, 'utf8');
          for (const m of text.matchAll(/pgTable\(\s*['"]([A-Za-z0-9_]+)['"]/g)) owners.set(m[1], module.name);
        }
      }
    };
    walk(path.join(dir, module.name));
  }
  return owners;
}

/** The module a file belongs to, from its path (undefined outside apps/api/src/modules). */
function moduleOf(filename) {
  const m = /apps[\\/]api[\\/]src[\\/]modules[\\/]([^\\/]+)[\\/]/.exec(filename);
  return m?.[1];
}

/** A table named after FROM, JOIN, INTO or UPDATE (`?` stands for an interpolated value or table object). */
const SQL_TABLE_REFERENCE = /\b(?:from|join|into|update)\s+"?([a-z_][a-z0-9_]*)"?/gi;
/** Words that end a FROM list's item instead of naming its alias. */
const NOT_ALIAS = '(?:where|join|left|right|inner|outer|full|cross|natural|on|using|order|group|limit|offset|union|having|window|for|returning|set|values)\\b';
const ITEM = `(?:"?[a-z_][a-z0-9_]*"?|\\?)(?:\\s+(?:as\\s+)?(?!${NOT_ALIAS})"?[a-z_][a-z0-9_]*"?)?`;
/** A comma join: FROM a x, b y, … (every item after the first). */
const SQL_FROM_LIST = new RegExp(`\\bfrom\\s+${ITEM}((?:\\s*,\\s*${ITEM})+)`, 'gi');

/** The tables an SQL text names: after FROM, JOIN, INTO or UPDATE, and every item of a FROM list. */
function tablesIn(text) {
  const found = new Set();
  for (const m of text.matchAll(SQL_TABLE_REFERENCE)) found.add(m[1].toLowerCase());
  for (const m of text.matchAll(SQL_FROM_LIST)) {
    for (const item of m[1].split(',').slice(1)) {
      const name = /^\s*"?([a-z_][a-z0-9_]*)/i.exec(item);
      if (name) found.add(name[1].toLowerCase());
    }
  }
  return found;
}

const UNKNOWN = ' ? ';

const noForeignTableInSql = {
  meta: {
    type: 'problem',
    docs: { description: "Refuses another module's table name inside an SQL string; import its table object or call its use cases." },
    schema: [],
    messages: {
      foreign:
        "La tabla '{{table}}' es del módulo {{owner}}: no la nombres en SQL. Usa sus casos de uso o, para leer con un join, importa su objeto de tabla ({{owner}}.table) en un repositorio.",
      concatenated:
        "La tabla '{{table}}' es del módulo {{owner}} y su nombre se arma al concatenar textos: no la nombres en SQL. Interpola su objeto de tabla ({{owner}}.table) en un repositorio.",
    },
  },
  create(context) {
    const module = moduleOf(context.filename);
    if (!module) return {};
    const owners = tableOwners();
    const foreign = (tables) => [...tables].filter((t) => owners.has(t) && owners.get(t) !== module);
    const report = (node, tables, messageId = 'foreign') => {
      for (const table of tables) context.report({ node, messageId, data: { table, owner: owners.get(table) } });
    };

    /** A `const` of this file whose value is text, as text (undefined when it is not). */
    function constantText(identifier, depth) {
      let scope = context.sourceCode.getScope(identifier);
      while (scope) {
        const variable = scope.set.get(identifier.name);
        if (variable) {
          const def = variable.defs[0];
          if (def?.type === 'Variable' && def.parent?.kind === 'const' && def.node.init) return textOf(def.node.init, depth + 1);
          return undefined;
        }
        scope = scope.upper;
      }
      return undefined;
    }

    /** The text a string expression builds: literals, templates, `+` chains and text constants; anything else is a placeholder. */
    function textOf(node, depth = 0) {
      if (depth > 8) return undefined;
      if (node.type === 'Literal') return typeof node.value === 'string' ? node.value : undefined;
      if (node.type === 'TemplateLiteral') {
        let text = '';
        node.quasis.forEach((q, i) => {
          text += q.value.cooked ?? q.value.raw;
          if (i < node.expressions.length) text += textOf(node.expressions[i], depth + 1) ?? UNKNOWN;
        });
        return text;
      }
      if (node.type === 'BinaryExpression' && node.operator === '+') {
        const left = textOf(node.left, depth + 1);
        const right = textOf(node.right, depth + 1);
        if (left === undefined && right === undefined) return undefined;
        return (left ?? UNKNOWN) + (right ?? UNKNOWN);
      }
      if (node.type === 'Identifier') return constantText(node, depth);
      return undefined;
    }

    /** The parts of a `+` chain or a template that are checked on their own (their literals and constants). */
    function parts(node) {
      if (node.type === 'BinaryExpression' && node.operator === '+') return [...parts(node.left), ...parts(node.right)];
      if (node.type === 'TemplateLiteral') return [...node.expressions.flatMap(parts)];
      return [node];
    }

    /**
     * Names built from pieces (`'from ' + TABLE`, `from ${'over' + 'weight_records'}`): reported on the
     * whole expression, unless a piece already names the table by itself (reported there).
     */
    function checkConcatenation(node, ownText) {
      const whole = textOf(node);
      if (whole === undefined) return;
      const seen = new Set(ownText === undefined ? [] : tablesIn(ownText));
      for (const part of parts(node)) {
        const text = textOf(part);
        if (text !== undefined) for (const t of tablesIn(text)) seen.add(t);
      }
      report(
        node,
        foreign(tablesIn(whole)).filter((t) => !seen.has(t)),
        'concatenated',
      );
    }

    return {
      TemplateLiteral(node) {
        // Interpolations are table objects or values: the written text counts, and text pieces put together.
        const written = node.quasis.map((q) => q.value.cooked ?? q.value.raw).join(UNKNOWN);
        report(node, foreign(tablesIn(written)));
        if (node.expressions.length > 0) checkConcatenation(node, written);
      },
      Literal(node) {
        // Any text, with or without a verb: a fragment ('left join overweight_records o …') is SQL too.
        if (typeof node.value === 'string') report(node, foreign(tablesIn(node.value)));
      },
      BinaryExpression(node) {
        if (node.operator !== '+' || (node.parent.type === 'BinaryExpression' && node.parent.operator === '+')) return;
        checkConcatenation(node, undefined);
      },
    };
  },
};

export const boundariesPlugin = { rules: { 'no-foreign-table-in-sql': noForeignTableInSql } };

const PUBLIC = '(?:usecases|deps|errors)';
const message = {
  table: 'Un módulo no importa tablas ni el repositorio de otro: usa sus casos de uso (*.usecases.ts).',
  tableInRepository: 'Un repositorio o una tabla importa de otro módulo solo su *.table (de lectura o para llaves foráneas), nunca su repositorio.',
  deep: 'De otro módulo solo se importan *.usecases, *.deps y *.errors (y tipos de sus otros archivos).',
};

/** `../` repeated to leave a file `depth` folders below its module's folder and reach the modules folder. */
function up(depth) {
  return '\\.\\./'.repeat(depth + 1);
}

/**
 * The allow-list for files `depth` folders below their module's folder (0: the module's own files).
 * `tablesAllowed`: repositories and tables, which may import other modules' `*.table`.
 */
function importPatterns(depth, tablesAllowed) {
  const foreign = `^${up(depth)}(?!\\.\\./)[^/]+/`;
  return [
    tablesAllowed
      ? { regex: `${foreign}.*\\.repository(\\.js)?$`, message: message.tableInRepository }
      : { regex: `${foreign}.*\\.(table|repository)(\\.js)?$`, message: message.table },
    {
      regex: `${foreign}(?![^/]+\\.(?:${PUBLIC}|table|repository)(\\.js)?$).+$`,
      message: message.deep,
      allowTypeImports: true,
    },
  ];
}

const moduleFiles = (depth, names) => names.map((n) => `apps/api/src/modules/*/${'*/'.repeat(depth)}${n}`);

/**
 * Flat-config blocks with the boundary rules. Tests, their fixtures and the fake third-party
 * servers may reach anything (they set up and inspect data). No other file is exempt.
 */
export function apiBoundaries() {
  const blocks = [];
  for (const depth of [0, 1, 2]) {
    const tests = [...moduleFiles(depth, ['*.test.ts', '*.testing.ts', '*.fixtures.ts']), 'apps/api/src/modules/**/fakes/**'];
    blocks.push({
      files: moduleFiles(depth, ['*.ts']),
      ignores: tests,
      plugins: { boundaries: boundariesPlugin },
      rules: {
        'no-restricted-imports': 'off',
        '@typescript-eslint/no-restricted-imports': ['error', { patterns: importPatterns(depth, false) }],
        'boundaries/no-foreign-table-in-sql': 'error',
      },
    });
    blocks.push({
      files: moduleFiles(depth, ['*.repository.ts', '*.table.ts']),
      plugins: { boundaries: boundariesPlugin },
      rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: importPatterns(depth, true) }] },
    });
  }
  return blocks;
}
