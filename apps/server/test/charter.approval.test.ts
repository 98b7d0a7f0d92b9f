/**
 * Sponsor approval (spec §4, §6, §7): PATCH /api/initiative/{id}/send-charter-review-request/
 * mails the sponsors (the strategy masters when there is none) a link to the charter; PATCH
 * /api/initiative-approve/{id}/ approves, and called again withdraws the approval.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHARTER_MESSAGES } from '@keystone/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMails } from '../src/db/schema';
import { approvalOf, charterFixture, charterSuite, NOT_APPROVED, nameOf } from './helpers/charter';
import { initiativeOn, type Member, signedInUser, strategyApi } from './helpers/strategies';
import { INITIATIVE_NOT_FOUND, ROLE_NAMES, type Role } from './helpers/strategyPermissionCalls';
import { type ApiResponse, pathOf } from './helpers/testServer';

const APP_URL = 'http://localhost:8000';
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const answerOf = (response: ApiResponse) => ({ status: response.status, body: response.body });

describe('sponsor approval', () => {
  const webDist = mkdtempSync(path.join(tmpdir(), 'keystone-charter-dist-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Keystone app</title>');
  const suite = charterSuite({ webDist });
  let secondSponsor: Member;
  let secondMaster: Member;
  let titles = 0;

  beforeAll(async () => {
    const organisationId = suite.people.master.organisationId;
    secondSponsor = await signedInUser(suite.server, {
      organisationId,
      firstName: 'Second',
      lastName: 'Sponsor',
    });
    secondMaster = await signedInUser(suite.server, {
      organisationId,
      firstName: 'Second',
      lastName: 'Master',
    });
  });
  afterAll(() => rmSync(webDist, { recursive: true, force: true }));

  /** A fresh initiative with a title of its own, so its mails are told apart from the others'. */
  async function initiative(options: Parameters<typeof charterFixture>[2] = {}) {
    const fixture = await charterFixture(suite.server, suite.people, options);
    const title = `Launch ${++titles}`;
    const renamed = await suite.charter.update(suite.people.master.key, fixture.initiative, {
      title: `<em>${title}</em>`,
    });
    expect(renamed.status).toBe(200);
    return { ...fixture, title, subject: `Please approve the charter of ${title}` };
  }

  /** Who the request for this subject was queued to, sorted. */
  const queuedTo = async (subject: string) =>
    (await suite.server.database.db.select().from(outboxMails).where(eq(outboxMails.subject, subject)))
      .map((mail) => mail.recipient)
      .sort();

  const approvalAsMaster = async (id: number) =>
    approvalOf(await suite.charter.detail(suite.people.master.key, id));

  describe('requesting it', () => {
    it('should mail every sponsor a link to the charter when the owner asks', async () => {
      const sponsors = [suite.people.sponsor, secondSponsor];
      const { initiative: id, strategy, subject } = await initiative({ sponsors });

      const response = await suite.charter.requestApproval(suite.people.owner.key, id);
      expect(answerOf(response)).toEqual({
        status: 200,
        body: { detail: 'Approval request email has been sent' },
      });

      for (const sponsor of sponsors) {
        const mail = await suite.server.smtp.waitFor(sponsor.email, new RegExp(`^${subject}$`));
        const link = mail.links.find((one) => one.includes('/initiative-charter/'));
        expect(link).toBe(`${APP_URL}/initiative-charter/${id}`);
        expect(mail.text).toContain(nameOf('owner'));
        expect(mail.html).toContain(`href="${link}"`);
        // The link opens the charter page of the app, which the sponsor may read.
        const page = await suite.server.api('GET', pathOf(link!));
        expect(page.status).toBe(200);
        expect(page.body).toContain('<title>Keystone app</title>');
        expect((await suite.charter.detail(sponsor.key, id)).id).toBe(id);
      }
      expect(await queuedTo(subject)).toEqual(sponsors.map((sponsor) => sponsor.email).sort());

      expect(await approvalAsMaster(id)).toEqual({ ...NOT_APPROVED, sponsor_approval_requested: true });
      const page = await strategyApi(suite.server).page(suite.people.owner.key, strategy);
      expect(initiativeOn(page, id)?.sponsor_approval_requested).toBe(true);
    });

    it('should let a strategy master ask too', async () => {
      const { initiative: id, subject } = await initiative();
      const response = await suite.charter.requestApproval(suite.people.master.key, id);
      expect(answerOf(response)).toEqual({
        status: 200,
        body: { detail: CHARTER_MESSAGES.approvalRequestSent },
      });
      await suite.server.smtp.waitFor(suite.people.sponsor.email, new RegExp(`^${subject}$`));
      expect(await queuedTo(subject)).toEqual([suite.people.sponsor.email]);
    });

    it('should mail the strategy masters when the initiative has no sponsor', async () => {
      const masters = [suite.people.master, secondMaster];
      const { initiative: id, subject } = await initiative({ sponsors: [], masters });
      expect((await suite.charter.requestApproval(suite.people.owner.key, id)).status).toBe(200);
      for (const master of masters) {
        const mail = await suite.server.smtp.waitFor(master.email, new RegExp(`^${subject}$`));
        expect(mail.links).toContain(`${APP_URL}/initiative-charter/${id}`);
      }
      expect(await queuedTo(subject)).toEqual(masters.map((master) => master.email).sort());
    });

    const refusals: Array<[string, Role, number, string]> = [
      ['the sponsor', 'sponsor', 403, CHARTER_MESSAGES.cannotRequestApproval],
      ['a team member', 'teamMember', 403, CHARTER_MESSAGES.cannotRequestApproval],
      [`a ${ROLE_NAMES.noRole}`, 'noRole', 404, INITIATIVE_NOT_FOUND],
      [`a ${ROLE_NAMES.otherOrganisation}`, 'otherOrganisation', 404, INITIATIVE_NOT_FOUND],
    ];
    it.each(refusals)('should refuse %s and send nothing', async (_who, role, status, detail) => {
      const { initiative: id, subject } = await initiative();
      const response = await suite.charter.requestApproval(suite.people[role].key, id);
      expect(answerOf(response)).toEqual({ status, body: { detail } });
      expect(await queuedTo(subject)).toEqual([]);
      expect(await approvalAsMaster(id)).toEqual(NOT_APPROVED);
    });

    it('should refuse with 409 once the charter is approved', async () => {
      const { initiative: id, subject } = await initiative();
      expect((await suite.charter.toggleApproval(suite.people.sponsor.key, id)).status).toBe(200);
      const approved = await approvalAsMaster(id);
      const response = await suite.charter.requestApproval(suite.people.owner.key, id);
      expect(answerOf(response)).toEqual({ status: 409, body: { detail: CHARTER_MESSAGES.alreadyApproved } });
      expect(await queuedTo(subject)).toEqual([]);
      expect(await approvalAsMaster(id)).toEqual(approved);
    });
  });

  describe('approving and withdrawing', () => {
    it.each([
      ['the sponsor', 'sponsor'],
      ['a strategy master', 'master'],
    ] as const)('should let %s approve, and withdraw with the second call', async (_who, role) => {
      const { initiative: id, strategy } = await initiative();
      expect((await suite.charter.requestApproval(suite.people.owner.key, id)).status).toBe(200);
      const approver = suite.people[role];
      const started = Date.now();

      const approved = await suite.charter.toggleApproval(approver.key, id);
      expect(approved.status).toBe(200);
      expect(approved.body).toEqual({
        message: CHARTER_MESSAGES.approved,
        sponsor_approval: true,
        sponsor_approval_at: expect.stringMatching(ISO_TIMESTAMP),
        sponsor_approval_user: { id: approver.id, name: nameOf(role), email: approver.email },
      });
      const at = Date.parse(approved.body.sponsor_approval_at);
      expect(at).toBeGreaterThanOrEqual(started - 1000);
      expect(at).toBeLessThanOrEqual(Date.now() + 1000);
      const { message: _approved, ...state } = approved.body;
      expect(await approvalAsMaster(id)).toEqual({ ...state, sponsor_approval_requested: true });
      const page = await strategyApi(suite.server).page(suite.people.teamMember.key, strategy);
      expect(initiativeOn(page, id)).toMatchObject(state);

      const withdrawn = await suite.charter.toggleApproval(approver.key, id);
      expect(answerOf(withdrawn)).toEqual({
        status: 200,
        body: {
          message: CHARTER_MESSAGES.approvalWithdrawn,
          sponsor_approval: false,
          sponsor_approval_at: null,
          sponsor_approval_user: null,
        },
      });
      expect((await approvalAsMaster(id)).sponsor_approval).toBe(false);
      const after = await strategyApi(suite.server).page(suite.people.teamMember.key, strategy);
      expect(initiativeOn(after, id)).toMatchObject({
        sponsor_approval: false,
        sponsor_approval_at: null,
        sponsor_approval_user: null,
      });
    });

    it("should let a strategy master withdraw a sponsor's approval", async () => {
      const { initiative: id } = await initiative();
      expect((await suite.charter.toggleApproval(suite.people.sponsor.key, id)).body.sponsor_approval).toBe(
        true,
      );
      const withdrawn = await suite.charter.toggleApproval(suite.people.master.key, id);
      expect(withdrawn.body).toMatchObject({ sponsor_approval: false, sponsor_approval_user: null });
    });

    const refusals: Array<[string, Role, number, string]> = [
      ['the owner', 'owner', 403, CHARTER_MESSAGES.cannotApprove],
      ['a team member', 'teamMember', 403, CHARTER_MESSAGES.cannotApprove],
      [`a ${ROLE_NAMES.noRole}`, 'noRole', 404, INITIATIVE_NOT_FOUND],
      [`a ${ROLE_NAMES.otherOrganisation}`, 'otherOrganisation', 404, INITIATIVE_NOT_FOUND],
    ];
    it.each(refusals)(
      'should refuse %s with an error, approved or not',
      async (_who, role, status, message) => {
        const { initiative: id } = await initiative();
        const refused = answerOf(await suite.charter.toggleApproval(suite.people[role].key, id));
        expect(refused).toEqual({ status, body: { detail: message, error: message } });
        expect(await approvalAsMaster(id)).toEqual(NOT_APPROVED);

        // Nor may they withdraw someone else's approval.
        const approved = (await suite.charter.toggleApproval(suite.people.sponsor.key, id)).body;
        expect(answerOf(await suite.charter.toggleApproval(suite.people[role].key, id))).toEqual(refused);
        expect((await approvalAsMaster(id)).sponsor_approval_at).toBe(approved.sponsor_approval_at);
      },
    );

    it('should answer an initiative that does not exist with 404 and an error', async () => {
      const response = await suite.charter.toggleApproval(suite.people.master.key, 2_147_483_647);
      expect(answerOf(response)).toEqual({
        status: 404,
        body: { detail: INITIATIVE_NOT_FOUND, error: INITIATIVE_NOT_FOUND },
      });
      const request = await suite.charter.requestApproval(suite.people.master.key, 2_147_483_647);
      expect(answerOf(request)).toEqual({ status: 404, body: { detail: INITIATIVE_NOT_FOUND } });
    });
  });
});
