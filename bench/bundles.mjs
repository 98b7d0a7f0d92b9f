// Web bundle sizes per route: what a first visit to each route of apps/web/src/routes/appRoutes.tsx
// loads, from the Vite manifest of the build (apps/web/dist/.vite/manifest.json): the entry
// chunk with its static imports, plus the lazy chunk of each `lazy` on the way to the route (the
// live-connection frame around the logged-in pages, then the page) with their static imports.
// Code a page loads later on demand (its dynamic imports, e.g. the help dialog) does not count.
// Sizes are of the files as built, raw and gzip-compressed (node:zlib, default level) one by one.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import ts from 'typescript';
import { kb, verdict } from './format.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const dist = path.join(web, 'dist');

export const GOALS = { '/login': { jsGzipKb: 250 } };

/**
 * `npm run build` with Vite's manifest added (dist/.vite/manifest.json). The manifest is asked for
 * here rather than in vite.config.ts so that the production build does not serve it.
 */
export function buildWeb() {
  try {
    execFileSync('npm', ['run', 'build', '-w', '@keystone/web', '--', '--manifest'], {
      cwd: root,
      stdio: 'pipe',
    });
  } catch (error) {
    process.stderr.write(error.stdout ?? '');
    process.stderr.write(error.stderr ?? '');
    throw error;
  }
}

function parse(file) {
  return ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
}

/** pages.tsx: loader name → the module it imports, relative to apps/web ('src/routes/login/LoginPage'). */
function loaderModules(pagesFile) {
  const modules = new Map();
  const findImport = (node) => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      return node.arguments[0].text;
    }
    return ts.forEachChild(node, findImport);
  };
  for (const statement of parse(pagesFile).statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const specifier = declaration.initializer && findImport(declaration.initializer);
      if (specifier) {
        const absolute = path.resolve(path.dirname(pagesFile), specifier);
        modules.set(declaration.name.text, path.relative(web, absolute).split(path.sep).join('/'));
      }
    }
  }
  return modules;
}

/**
 * appRoutes.tsx: every route with a `lazy` page, as { path, loaders } (outermost loader first),
 * from the route table createAppRoutes() returns.
 */
function lazyRoutes(routesFile) {
  const routes = [];
  const walk = (array, parentPath, loaders) => {
    for (const element of array.elements) {
      if (!ts.isObjectLiteralExpression(element)) continue;
      const property = (name) =>
        element.properties.find((p) => ts.isPropertyAssignment(p) && p.name.text === name)?.initializer;
      const routePath = property('path')?.text;
      const fullPath = [parentPath, routePath].filter(Boolean).join('/');
      const lazy = property('lazy');
      const chain = lazy ? [...loaders, lazy.text] : loaders;
      const children = property('children');
      if (children) walk(children, fullPath, chain);
      else if (lazy) routes.push({ path: `/${fullPath}`, loaders: chain });
    }
  };
  const visit = (node) => {
    if (ts.isFunctionDeclaration(node) && node.name?.text === 'createAppRoutes') {
      const table = node.body.statements.find(ts.isReturnStatement);
      walk(table.expression, '', []);
    } else ts.forEachChild(node, visit);
  };
  visit(parse(routesFile));
  return routes;
}

function manifestKey(manifest, module) {
  // A page's module keys its own chunk; one that other chunks import statically too may sit in a
  // chunk named after it instead (key "_Name-hash.js"), as the build's inline common chunks do.
  const name = path.basename(module);
  const key =
    ['.tsx', '.ts', '/index.tsx', '/index.ts'].map((ext) => module + ext).find((k) => manifest[k]) ??
    Object.keys(manifest).find((k) => k.startsWith('_') && manifest[k].name === name);
  if (!key) throw new Error(`${module} is not in the build manifest`);
  return key;
}

/** The files a chunk loads with it: itself, its CSS, its static imports (transitively). */
function collect(manifest, key, files) {
  const chunk = manifest[key];
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) collect(manifest, imported, files);
}

function sizes(files, extension) {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    if (!file.endsWith(extension)) continue;
    const content = readFileSync(path.join(dist, file));
    raw += content.length;
    gzip += gzipSync(content).length;
  }
  return { raw, gzip };
}

export function benchBundles() {
  const manifestFile = path.join(dist, '.vite/manifest.json');
  if (!existsSync(manifestFile))
    throw new Error(`${manifestFile} is missing: build with buildWeb() (no --no-build)`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const modules = loaderModules(path.join(web, 'src/routes/pages.tsx'));
  return lazyRoutes(path.join(web, 'src/routes/appRoutes.tsx')).map((route) => {
    const files = new Set();
    collect(manifest, entry, files);
    const pages = route.loaders.map((loader) => modules.get(loader));
    for (const page of pages) collect(manifest, manifestKey(manifest, page), files);
    return {
      route: route.path,
      page: pages.at(-1).replace(/^src\//, ''),
      files: files.size,
      js: sizes(files, '.js'),
      css: sizes(files, '.css'),
    };
  });
}

/** The RESULTS.md section of benchBundles() rows. */
export function bundleLines(rows) {
  const goal = (row) => {
    const limit = GOALS[row.route]?.jsGzipKb;
    if (limit === undefined) return '';
    return `JS ≤ ${limit} KB gzip: ${verdict(row.js.gzip <= limit * 1024)}`;
  };
  return [
    '## Web app: what each route loads',
    '',
    'From the Vite manifest of `npm run build` (with `--manifest`: apps/web/dist/.vite/manifest.json), for a first visit',
    'to each route of apps/web/src/routes/appRoutes.tsx: the entry chunk and its static imports, plus',
    'the lazy chunk of every `lazy` on the way to the route (the live-connection frame around the',
    'logged-in pages, then the page) and their static imports. Code a page fetches later on demand',
    '(its dynamic imports) does not count. Sizes of the built files, and gzip-compressed one by one',
    '(node:zlib, default level); 1 KB = 1024 bytes. The styles are emotion CSS-in-JS, inside the JavaScript.',
    '',
    '| Route | Page | Files | JS raw (KB) | JS gzip (KB) | CSS raw (KB) | CSS gzip (KB) | Goal |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| ${row.route} | ${row.page} | ${row.files} | ${kb(row.js.raw)} | ${kb(row.js.gzip)} | ${kb(row.css.raw)} | ${kb(row.css.gzip)} | ${goal(row)} |`,
    ),
    '',
  ];
}
