/**
 * Help videos an organisation chooses (issue 27): only administrators set them, each organisation
 * sees its own, addresses outside the supported hosts are refused with a message, host addresses
 * are stored in their embed form, and the player page's policy allows that host alone.
 */
import { HELP_VIDEO_MESSAGES, MESSAGES, ORGANISATION_MESSAGES } from '@keystone/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrganisation, type OrganisationFixture } from './helpers/organisation';
import { getTestServer, type TestServer } from './helpers/testServer';

const YOUTUBE = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1m5s';
const VIMEO = 'https://vimeo.com/76979871/8272103f6e';

/** The directives of a CSP header, by name. */
const directives = (header: unknown) =>
  new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );

describe('help videos', () => {
  let server: TestServer;
  let f: OrganisationFixture;
  const set = (key: string | undefined, topic: string, body: unknown) =>
    server.api('PATCH', `/api/organisation/help-videos/${topic}/`, { token: key, body });
  const reset = (key: string | undefined, topic: string) =>
    server.api('DELETE', `/api/organisation/help-videos/${topic}/`, { token: key });
  const list = (key: string | undefined) => server.api('GET', '/api/help-videos/', { token: key });

  beforeAll(async () => {
    server = await getTestServer();
    f = await buildOrganisation(server);
  });
  afterAll(() => server.close());

  it('should refuse a member who is not an administrator (403) and keep the built-in video', async () => {
    const setting = await set(f.member.key, 'ambition', { address: YOUTUBE });
    expect(setting.status).toBe(403);
    expect(setting.body).toEqual({ detail: ORGANISATION_MESSAGES.adminsOnly });
    expect((await reset(f.member.key, 'ambition')).status).toBe(403);
    expect((await set(undefined, 'ambition', { address: YOUTUBE })).body).toEqual({
      detail: MESSAGES.credentialsMissing,
    });
    expect((await list(f.member.key)).body).toEqual([]);
  });

  it('should store a YouTube address in its embed form and show it to every member of the organisation', async () => {
    const saved = await set(f.admin.key, 'ambition', {
      address: YOUTUBE,
      description: 'Our CEO explains this year’s ambition.',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      topic: 'ambition',
      host: 'youtube',
      embed_url: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=65',
      address: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=65s',
      description: 'Our CEO explains this year’s ambition.',
    });
    expect(saved.body.player_url).toMatch(/^\/help-player\/[\w-]{43}\/$/);
    expect((await list(f.member.key)).body).toEqual([saved.body]);
  });

  it('should store a Vimeo address (unlisted, with its hash) in its embed form', async () => {
    const saved = await set(f.admin.key, 'scope', { address: VIMEO });
    expect(saved.status).toBe(200);
    expect(saved.body.embed_url).toBe('https://player.vimeo.com/video/76979871?h=8272103f6e&dnt=1');
  });

  it('should take Loom, Stream embed codes and video files, each in its form', async () => {
    const loom = await set(f.admin.key, 'risks', {
      address: 'https://www.loom.com/share/0123456789abcdef0123456789ABCDEF?sid=1',
    });
    expect(loom.body.embed_url).toBe('https://www.loom.com/embed/0123456789abcdef0123456789abcdef');
    const stream = await set(f.admin.key, 'impact', {
      address:
        '<iframe src="https://contoso.sharepoint.com/sites/Hr/_layouts/15/embed.aspx?UniqueId=1b2c3d4e-1111-2222-3333-444455556666&amp;embed=%7B%22ust%22%3Atrue%7D&amp;referrer=StreamWebApp" width="640" height="360"></iframe>',
    });
    expect(stream.body.host).toBe('stream');
    expect(stream.body.embed_url).toBe(
      'https://contoso.sharepoint.com/sites/Hr/_layouts/15/embed.aspx?UniqueId=1b2c3d4e-1111-2222-3333-444455556666&embed=%7B%22ust%22%3Atrue%7D',
    );
    const file = await set(f.admin.key, 'timeline', {
      address: 'https://cdn.example.com/help/timeline.MP4#t=3',
    });
    expect(file.body).toMatchObject({ host: 'file', embed_url: 'https://cdn.example.com/help/timeline.MP4' });
  });

  it('should refuse other addresses with a message saying what is accepted (400)', async () => {
    const cases: [string, string][] = [
      ['http://www.youtube.com/watch?v=dQw4w9WgXcQ', HELP_VIDEO_MESSAGES.addressNotHttps],
      ['https://evil.example.com/page.html', HELP_VIDEO_MESSAGES.addressNotSupported],
      ['javascript:alert(1)//.mp4', HELP_VIDEO_MESSAGES.addressNotHttps],
      ['https://evil.com;script-src/x.mp4', HELP_VIDEO_MESSAGES.addressNotSupported],
      ['https://10.0.0.1/x.mp4', HELP_VIDEO_MESSAGES.addressNotSupported],
      ['https://www.youtube.com/channel/UC123', HELP_VIDEO_MESSAGES.youtubeIdMissing],
      ['https://contoso.sharepoint.com/:v:/s/Hr/EaBcD?e=x', HELP_VIDEO_MESSAGES.streamNeedsEmbed],
      ['  ', HELP_VIDEO_MESSAGES.addressRequired],
    ];
    for (const [address, message] of cases) {
      const refused = await set(f.admin.key, 'deliverables', { address });
      expect(refused.status, address).toBe(400);
      expect(refused.body.errors.address, address).toEqual([message]);
    }
    const unknownTopic = await set(f.admin.key, 'nonsense', { address: YOUTUBE });
    expect(unknownTopic.status).toBe(400);
    expect(unknownTopic.body.detail).toBe(HELP_VIDEO_MESSAGES.unknownTopic);
    expect((await list(f.member.key)).body.map((video: { topic: string }) => video.topic)).not.toContain(
      'deliverables',
    );
  });

  it('should not show one organisation’s choices to another', async () => {
    await set(f.admin.key, 'strategy', { address: YOUTUBE });
    expect((await list(f.outsider.key)).body).toEqual([]);
    // The other organisation's administrator resets only their own topic.
    expect((await reset(f.outsider.key, 'strategy')).status).toBe(204);
    expect((await list(f.admin.key)).body.map((video: { topic: string }) => video.topic)).toContain(
      'strategy',
    );
  });

  it('should serve a player page whose policy allows the chosen host alone, until the video is reset', async () => {
    const saved = (await set(f.admin.key, 'teams', { address: VIMEO })).body;
    const page = await server.api('GET', saved.player_url);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(`<iframe src="${saved.embed_url.replace('&', '&amp;')}"`);
    const policy = directives(page.headers['content-security-policy']);
    expect(policy.get('frame-src')).toEqual(['https://player.vimeo.com']);
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    expect(policy.has('script-src')).toBe(false);

    const file = (await set(f.admin.key, 'timeline', { address: 'https://cdn.example.com/t.webm' })).body;
    const filePage = await server.api('GET', file.player_url);
    expect(filePage.body).toContain(
      '<video src="https://cdn.example.com/t.webm" controls preload="metadata"',
    );
    expect(filePage.body).not.toContain('autoplay');
    expect(directives(filePage.headers['content-security-policy']).get('media-src')).toEqual([
      'https://cdn.example.com',
    ]);

    // The app's own pages keep their policy, whatever organisations chose.
    const app = directives((await server.api('GET', '/api/config/')).headers['content-security-policy']);
    expect(app.get('frame-src')).toEqual(["'self'"]);
    expect(app.get('media-src')).toBeUndefined();

    expect((await reset(f.admin.key, 'teams')).status).toBe(204);
    const gone = await server.api('GET', saved.player_url);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ detail: HELP_VIDEO_MESSAGES.playerNotFound });
  });

  it('should record each change in the security log', async () => {
    const log = await server.api('GET', '/api/organisation/security-log/?kind=organisation_updated', {
      token: f.admin.key,
    });
    const details = log.body.results.map((entry: { detail: unknown }) => entry.detail);
    expect(details).toContainEqual({ help_video: 'teams', address: null });
    expect(details).toContainEqual({
      help_video: 'ambition',
      address: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=65s',
    });
  });
});
