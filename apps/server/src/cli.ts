/**
 * Operator commands: `npm run admin -- invite EMAIL [--organisation NAME]`, `npm run admin --
 * seed-demo` and `npm run admin -- rotate-secrets`. They use the same settings as the server.
 */
import { isValidEmail } from '@keystone/contract';
import { eq } from 'drizzle-orm';
import { seedDemoStrategy } from './commands/demoStrategy';
import { type Config, loadConfig } from './config';
import { checkSealedSecrets, resealSecrets } from './core/sealedSecrets';
import { findUserByEmail } from './core/userQueries';
import { type Db, openDatabase } from './db/client';
import { invites, organisations, strategyMasters, users } from './db/schema';
import { loadSecretBox } from './lib/encryption';
import { hashPassword } from './lib/passwords';
import { newInviteToken, signupLink } from './modules/invites/service';

const USAGE = `Usage:
  npm run admin -- invite EMAIL [--organisation NAME]   invite someone; prints their sign-up link
  npm run admin -- seed-demo                            create a demo organisation and log-in
  npm run admin -- rotate-secrets                       re-seal every stored secret with the first key of SECRETS_KEYS`;

const DEMO_LOGIN = { email: 'demo@keystone.local', password: 'Demo-pass1!' } as const;

async function organisationNamed(db: Db, name: string | undefined): Promise<{ id: number; name: string }> {
  const all = await db.select().from(organisations).orderBy(organisations.id);
  const found = name ? all.find((org) => org.name === name) : all[0];
  if (found) return found;
  const [created] = await db
    .insert(organisations)
    .values({ name: name ?? 'My organisation' })
    .returning();
  return created!;
}

/**
 * Invites the address to the organisation and prints its sign-up link. Says plainly, and fails,
 * when it cannot: the address already has an account.
 */
async function invite(db: Db, appUrl: string, email: string, organisationName: string | undefined) {
  const address = email.trim().toLowerCase();
  if (!isValidEmail(address)) throw new Error(`Invalid email address: ${email}`);
  if (await findUserByEmail(db, address)) {
    console.error(`Not invited: ${address} already has an account. They can log in at ${appUrl}/login`);
    process.exitCode = 1;
    return;
  }
  const organisation = await organisationNamed(db, organisationName);
  const { token, tokenHash } = newInviteToken();
  // Inviting again gives a fresh link (the mail's, if any, stops working).
  const [row] = await db
    .insert(invites)
    .values({ email: address, organisationId: organisation.id, tokenHash })
    .onConflictDoUpdate({
      target: [invites.organisationId, invites.email],
      set: { tokenHash, lastSentAt: new Date() },
    })
    .returning({ createdAt: invites.createdAt, lastSentAt: invites.lastSentAt });
  const again = row && row.createdAt.getTime() !== row.lastSentAt.getTime();
  console.log(
    again
      ? `${address} was already invited to "${organisation.name}"; here is a new link (the earlier one no longer works).`
      : `Invited ${address} to "${organisation.name}".`,
  );
  console.log(`Sign-up link: ${signupLink(appUrl, address, token)}`);
  const guessed = linkAddressNote(process.env);
  if (guessed) console.log(guessed);
}

/**
 * The links start with APP_URL, read from the environment as the server reads it. With neither
 * APP_URL nor PORT given here, they assume the default address: say so, and what makes them right.
 */
function linkAddressNote(env: NodeJS.ProcessEnv): string | null {
  if (env.APP_URL?.trim() || env.PORT?.trim()) return null;
  return (
    'Note: APP_URL and PORT are not set here, so the link assumes the server runs at the default ' +
    'http://localhost:8000. If it serves another address, run this again with the same APP_URL ' +
    '(or PORT) the server runs with, e.g. APP_URL=https://keystone.example.com npm run admin -- invite …'
  );
}

async function seedDemo(db: Db, config: Config) {
  const organisation = await organisationNamed(db, 'Demo Company');
  const passwordHash = await hashPassword(DEMO_LOGIN.password);
  const people = [
    { email: DEMO_LOGIN.email, firstName: 'Dana', lastName: 'Demo', businessTitle: 'Head of Strategy' },
    {
      email: 'olivia.owner@keystone.local',
      firstName: 'Olivia',
      lastName: 'Owner',
      businessTitle: 'Product Lead',
    },
    { email: 'sam.sponsor@keystone.local', firstName: 'Sam', lastName: 'Sponsor', businessTitle: 'COO' },
  ];
  const ids: number[] = [];
  for (const person of people) {
    await db
      .insert(users)
      .values({
        ...person,
        organisationId: organisation.id,
        passwordHash,
        emailVerifiedAt: new Date(),
        // The demo's own login administers the demo organisation.
        isAdmin: person.email === DEMO_LOGIN.email,
      })
      .onConflictDoNothing();
    await db
      .insert(invites)
      .values({
        email: person.email,
        organisationId: organisation.id,
        isAccepted: true,
        acceptedAt: new Date(),
      })
      .onConflictDoNothing();
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, person.email));
    ids.push(row!.id);
  }
  const [dana, olivia, sam] = people.map((person, index) => ({ id: ids[index]!, email: person.email }));
  // Seeding again keeps the existing sample rather than adding a second one.
  const [existing] = await db
    .select()
    .from(strategyMasters)
    .where(eq(strategyMasters.userId, dana!.id))
    .limit(1);
  if (!existing) {
    await seedDemoStrategy(
      config,
      db,
      {
        ...dana!,
        organisationId: organisation.id,
        displayName: dana!.email,
        name: null,
        isAdmin: true,
      },
      olivia!,
      sam!,
    );
  }
  console.log(`Demo organisation "${organisation.name}" is ready, with a sample strategy.`);
  console.log(`Log in at ${config.appUrl}/login with ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}`);
  const guessed = linkAddressNote(process.env);
  if (guessed) console.log(guessed);
  console.log(`(colleagues ${people[1]!.email} and ${people[2]!.email} use the same password)`);
}

/**
 * The rotation's step after the new key was put first in SECRETS_KEYS (docs/OPERATIONS.md,
 * "Secrets at rest"): values sealed with an older key are opened and sealed again with the new one.
 */
async function rotateSecrets(db: Db, config: Config) {
  const box = await loadSecretBox(config.secretKeys, config.dataDir);
  // Every value must open first: a key missing from SECRETS_KEYS stops here, naming it.
  await checkSealedSecrets(db, box);
  for (const { name, count } of await resealSecrets(db, box)) {
    console.log(`Re-sealed ${count} ${name} value(s) with key "${box.currentKeyId}".`);
  }
  console.log(
    `Every stored secret is sealed with key "${box.currentKeyId}". Once every instance runs with it first, the other keys can leave SECRETS_KEYS.`,
  );
}

const COMMANDS = ['invite', 'seed-demo', 'rotate-secrets'];

async function run(args: string[]): Promise<void> {
  const [command, ...rest] = args;
  if (!command || !COMMANDS.includes(command)) {
    console.log(USAGE);
    process.exitCode = command ? 1 : 0;
    return;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    if (command === 'seed-demo') {
      await seedDemo(database.db, config);
      return;
    }
    if (command === 'rotate-secrets') {
      await rotateSecrets(database.db, config);
      return;
    }
    const orgFlag = rest.indexOf('--organisation');
    const organisation = orgFlag >= 0 ? rest[orgFlag + 1] : undefined;
    const email = rest.find((arg, index) => !arg.startsWith('--') && (orgFlag < 0 || index !== orgFlag + 1));
    if (!email) throw new Error(USAGE);
    await invite(database.db, config.appUrl, email, organisation);
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
