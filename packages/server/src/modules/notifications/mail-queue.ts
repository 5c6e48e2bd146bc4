import type { Db } from '../../db/client';
import type { Mailer } from '../../mail/mailer';
import { startNudgedWorker } from '../../lib/periodic';
import { notificationsRepository } from './notifications.repository';

/** How the queue is worked; every value has a default (MAIL_QUEUE_DEFAULTS). */
export interface MailQueueOptions {
  /** How often due rows are looked for, besides the nudges after each change. */
  pollMs: number;
  /** The first retry's delay; it doubles per failed attempt. */
  backoffMs: number;
  /** Attempts before a mail is given up (status failed, its last error kept). */
  maxAttempts: number;
  /** How long a claim holds a row: a worker that died while sending leaves it to another after this. */
  leaseMs: number;
  /** Rows claimed at a time. */
  batch: number;
}

export const MAIL_QUEUE_DEFAULTS: MailQueueOptions = {
  pollMs: 5000,
  backoffMs: 30_000,
  maxAttempts: 6,
  leaseMs: 5 * 60_000,
  batch: 10,
};

type Log = { warn(obj: object, msg: string): void };

/** The delay before attempt n+1 after n failed ones: backoff × 2^(n−1). */
export function retryDelayMs(failedAttempts: number, backoffMs: number): number {
  return backoffMs * 2 ** Math.max(0, failedAttempts - 1);
}

/**
 * The worker of the mail queue (mail_jobs). Any number of instances may run one on the same
 * database: a row is claimed with FOR UPDATE SKIP LOCKED and a lease, sent, then marked sent; a
 * failed send is tried again with a growing delay and given up after maxAttempts with its error
 * kept. A row whose sender died mid-send is taken again once its lease ends (so a mail is sent at
 * least once; twice only if a process dies between the SMTP reply and the mark).
 */
export function startMailQueue(deps: { db: Db; mailer: Mailer; log: Log; options?: Partial<MailQueueOptions> }) {
  const opts = { ...MAIL_QUEUE_DEFAULTS, ...deps.options };
  const { db, mailer, log } = deps;

  async function sendOne(job: Awaited<ReturnType<typeof notificationsRepository.claimMails>>[number]): Promise<void> {
    try {
      await mailer.send({
        to: job.toEmail,
        subject: job.subject,
        text: job.textBody,
        html: job.htmlBody,
        ...(job.link ? { link: job.link } : {}),
        ...(job.unsubscribeLink ? { headers: { 'List-Unsubscribe': `<${job.unsubscribeLink}>` } } : {}),
      });
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      const retryIn = job.attempts >= opts.maxAttempts ? null : retryDelayMs(job.attempts, opts.backoffMs);
      log.warn({ err, mailJob: job.id, attempts: job.attempts, retryIn }, retryIn === null ? 'mail given up' : 'mail failed; will retry');
      await notificationsRepository.mailFailed(db, job.id, error.slice(0, 2000), retryIn);
      return;
    }
    await notificationsRepository.mailSent(db, job.id);
  }

  /** Claims and sends until nothing is due (or the queue is stopped). */
  const worker = startNudgedWorker({
    name: 'mail queue',
    pollMs: opts.pollMs,
    log,
    async drain(w) {
      for (;;) {
        if (w.stopped) return;
        if (!(await notificationsRepository.hasDueMail(db))) break;
        const jobs = await notificationsRepository.claimMails(db, opts.batch, opts.leaseMs);
        if (jobs.length === 0) break;
        for (const job of jobs) {
          if (w.stopped) return;
          await sendOne(job);
        }
      }
    },
  });
  return { nudge: () => worker.nudge(), idle: () => worker.idle(), stop: () => worker.stop() };
}
export type MailQueue = ReturnType<typeof startMailQueue>;
