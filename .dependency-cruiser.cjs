/**
 * The floors of the code (docs/ARCHITECTURE.md, "Floors"), checked by `npm run lint`: a file may
 * import from its own floor and the floors below it, never from above, and an area of the server
 * or a screen of the web app never reaches into another one.
 */
const SERVER = '^apps/server/src/';
const WEB = '^apps/web/src/';
/** The server's top floor: the entry points and what only they assemble. */
const SERVER_TOP = `${SERVER}(app|serve|main|cli|startupHeap)\\.ts$|${SERVER}metrics/`;

const below = (name, from, forbidden, comment) => ({
  name,
  comment,
  severity: 'error',
  from: { path: from },
  to: { path: forbidden },
});

module.exports = {
  forbidden: [
    // The server, from the ground up: lib and db, core, the transports, areas, commands, routes, the app.
    below(
      'lib-is-the-ground',
      `${SERVER}lib/`,
      `${SERVER}(?!lib/)`,
      'lib/ holds plain helpers that need nothing of the server.',
    ),
    below(
      'db-imports-only-lib',
      `${SERVER}db/`,
      `${SERVER}(?!(db|lib)/|config\\.ts$)`,
      'The schema and the database client sit below everything that uses them.',
    ),
    below(
      'core-is-below-the-areas',
      `${SERVER}core/`,
      `${SERVER}(?!(core|db|lib)/|config\\.ts$)`,
      'core/ is what every area needs (errors, access, events, the activity record): it knows no area.',
    ),
    below(
      'transports-are-below-the-areas',
      `${SERVER}(http|mail|realtime)/`,
      `${SERVER}(modules|commands|routes|seed)/|${SERVER_TOP}`,
      'HTTP, mail and the sockets carry what the areas decide; they call no area.',
    ),
    {
      name: 'an-area-never-imports-another',
      comment:
        'An area (modules/NAME) uses core and the transports; what spans areas is a command (commands/).',
      severity: 'error',
      from: { path: `${SERVER}modules/([^/]+)/` },
      to: { path: `${SERVER}modules/`, pathNot: `${SERVER}modules/$1/` },
    },
    below(
      'areas-are-below-commands',
      `${SERVER}modules/`,
      `${SERVER}(commands|routes|seed)/|${SERVER_TOP}`,
      'Areas are composed by commands and registered by routes, never the reverse.',
    ),
    below(
      'commands-are-below-routes',
      `${SERVER}(commands|seed)/`,
      `${SERVER}routes/|${SERVER_TOP}`,
      'A command composes areas; the routes call it.',
    ),
    below('routes-are-below-the-app', `${SERVER}routes/`, SERVER_TOP, 'app.ts registers the routes.'),
    {
      name: 'a-route-file-registers-its-own-area',
      comment:
        'routes/NAME.ts registers the endpoints that packages/contract/src/endpoints/NAME.ts declares.',
      severity: 'error',
      from: { path: `${SERVER}routes/([^/.]+)\\.ts$` },
      to: { path: '^packages/contract/src/endpoints/', pathNot: '^packages/contract/src/endpoints/$1\\.ts$' },
    },
    {
      name: 'only-routes-register-endpoints',
      comment: 'Endpoint declarations are registered in routes/ (the API document reads them all).',
      severity: 'error',
      from: { path: SERVER, pathNot: `${SERVER}routes/|${SERVER}http/apiDocs\\.ts$` },
      to: { path: '^packages/contract/src/endpoints/' },
    },

    // The web app: screens (routes/NAME/) on top, then shared components, then api/ and lib/.
    {
      name: 'a-screen-never-imports-another',
      comment: 'What two screens share lives in components/ or lib/.',
      severity: 'error',
      from: { path: `${WEB}routes/([^/]+)/` },
      to: { path: `${WEB}routes/`, pathNot: `${WEB}routes/($1/|[^/]+$)` },
    },
    below(
      'shared-web-code-is-below-the-screens',
      `${WEB}(components|lib|api|realtime|auth|help)/`,
      `${WEB}routes/[^/]+/`,
      'Components, hooks and api modules serve every screen and know none of them.',
    ),
    below(
      'api-is-below-the-components',
      `${WEB}(api|lib)/`,
      `${WEB}(components|help)/`,
      'The api modules hold no view.',
    ),
    {
      name: 'each-api-module-calls-its-own-area',
      comment: 'apps/web/src/api/NAME.ts calls the endpoints of packages/contract/src/endpoints/NAME.ts.',
      severity: 'error',
      from: { path: `${WEB}api/([^/.]+)\\.ts$` },
      to: { path: '^packages/contract/src/endpoints/', pathNot: '^packages/contract/src/endpoints/$1\\.ts$' },
    },
    {
      name: 'only-api-modules-call-endpoints',
      comment: 'Screens and components call the server through api/NAME.ts.',
      severity: 'error',
      from: { path: WEB, pathNot: `${WEB}api/` },
      to: { path: '^packages/contract/src/endpoints/' },
    },

    // The contract is the floor of both apps.
    below(
      'the-contract-knows-no-app',
      '^packages/contract/',
      '^(apps|e2e|testing)/',
      'Both apps import the contract, never the reverse.',
    ),
    {
      name: 'no-cycles',
      comment: 'Files that import each other in a loop (types alone do not count: they leave no code).',
      severity: 'error',
      from: { path: '^(apps|packages)/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(test|dist|node_modules)/|\\.test\\.tsx?$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'types', 'default'],
    },
  },
};
