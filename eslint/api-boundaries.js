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
 * after FROM, JOIN, INTO or UPDATE in any string or template of a module's code.
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

const SQL_TABLE_REFERENCE = /\b(?:from|join|into|update)\s+"?([a-z_][a-z0-9_]*)"?/gi;

const noForeignTableInSql = {
  meta: {
    type: 'problem',
    docs: { description: "Refuses another module's table name inside an SQL string; import its table object or call its use cases." },
    schema: [],
    messages: {
      foreign:
        "La tabla '{{table}}' es del módulo {{owner}}: no la nombres en SQL. Usa sus casos de uso o, para leer con un join, importa su objeto de tabla ({{owner}}.table) en un repositorio.",
    },
  },
  create(context) {
    const module = moduleOf(context.filename);
    if (!module) return {};
    const owners = tableOwners();
    function check(node, text) {
      for (const m of text.matchAll(SQL_TABLE_REFERENCE)) {
        const table = m[1].toLowerCase();
        const owner = owners.get(table);
        if (owner && owner !== module) context.report({ node, messageId: 'foreign', data: { table, owner } });
      }
    }
    return {
      TemplateLiteral(node) {
        // Interpolations are table objects or values: only the written text counts.
        check(node, node.quasis.map((q) => q.value.cooked ?? q.value.raw).join(' ? '));
      },
      Literal(node) {
        if (typeof node.value === 'string' && /\b(select|insert|update|delete)\b/i.test(node.value)) check(node, node.value);
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
 * servers may reach anything (they set up and inspect data). `importExceptions` are files that keep their deep imports for now:
 * each is listed with its reason where the config calls this.
 */
export function apiBoundaries({ importExceptions = [] } = {}) {
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
  if (importExceptions.length > 0) blocks.push({ files: importExceptions, rules: { '@typescript-eslint/no-restricted-imports': 'off' } });
  return blocks;
}
