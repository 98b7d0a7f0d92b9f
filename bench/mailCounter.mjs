// A loopback SMTP receiver that counts the mails it accepted by subject, to find a mail sent twice
// or never. It answers each mail after `answerAfterMs`, so an instance killed mid-way is caught
// holding claimed mails; a mail whose sender hung up before that answer was not accepted (the
// sender never heard it was) and is not counted.
import { SMTPServer } from 'smtp-server';

export async function startMailCounter({ answerAfterMs = 0 } = {}) {
  /** subject → [times accepted (Date.now())] */
  const accepted = new Map();
  const closed = new Set();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onClose: (session) => closed.add(session.id),
    onData: (stream, session, callback) => {
      let head = '';
      stream.on('data', (chunk) => {
        if (head.length < 4096) head += chunk.toString('latin1');
      });
      stream.on('end', () => {
        setTimeout(() => {
          if (closed.has(session.id)) return;
          const subject = /^Subject: (.*)$/im.exec(head)?.[1]?.trim() ?? '';
          const times = accepted.get(subject) ?? [];
          times.push(Date.now());
          accepted.set(subject, times);
          callback();
        }, answerAfterMs);
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    accepted,
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}
