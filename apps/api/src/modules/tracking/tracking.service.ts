import {
  isParcelNews,
  MessageType,
  PARCEL_MILESTONE_LABELS,
  type ParcelMilestone,
  packNumber,
  parcelMilestone,
} from '@shop/domain';
import type { TrackingConfig } from '../../config/env';
import type { Database } from '../../db/client';
import { notFoundError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { type MemberNotice, type MemberNotifier, silentNotifier } from '../../lib/member-notice';
import { createKuaidi100Provider } from './kuaidi100.provider';
import { createSandboxTracking, type SandboxTracking } from './sandbox.provider';
import {
  beijingText,
  type CallbackAcknowledgement,
  eventKey,
  kuaidi100Acknowledgement,
  type TrackingEvent,
  type TrackingParcel,
  type TrackingProvider,
  type TrackingReport,
} from './tracking.provider';
import * as repo from './tracking.repository';

/**
 * Courier tracking (docs/decisions/061-courier-tracking.md): every parcel shipped is written down in the ship's
 * transaction, then subscribed at the tracking service (push) or asked about in turn (poll). The service's
 * reports, pushed or answered, are applied one at a time per parcel under its row lock: the events go to the order
 * module's logistics_events (each once, by its key), the parcel's state moves only forward in time, and its member
 * hears of the milestones (揽收, 派送中, 已签收, 异常, 退回) once each.
 */

export const TrackingMessages = {
  notTracked: (code: string) => `没有跟踪物流单号 ${code}`,
  off: '物流跟踪服务未开启（SHOP_TRACKING_PROVIDER）',
  notSandbox: '只有沙箱物流服务可以模拟推进',
  sandboxUnknown: (code: string) => `沙箱物流服务没有订阅物流单号 ${code}`,
  noCompany: (courier: string) => `快递「${courier}」未设置快递100编码，设置后自动开始跟踪`,
  noCompanyGivenUp: (courier: string) => `快递「${courier}」一直未设置快递100编码，已停止跟踪`,
  abandoned: '快递100 已停止跟踪（多日无新轨迹），半小时后重新订阅',
  abandonedGivenUp: '快递100 多次停止跟踪，已不再订阅',
} as const;

/** What tracking asks of other modules, wired in services.ts. */
export interface TrackingPorts {
  /** Kuaidi100's company code of a courier by the shop's code ('' when it has none): the checkout module. */
  trackingCodeOf(courierCode: string): Promise<string>;
  /** Writes a parcel's events, each once by its key, on `executor`; answers how many were new (the order module). */
  saveEvents(
    executor: Database,
    logisticCode: string,
    events: readonly { eventTime: Date; location: string; description: string; eventKey: string }[],
  ): Promise<number>;
  /** The orders a parcel belongs to, read on `executor` (the order module). */
  parcelOwners(
    executor: Database,
    logisticCode: string,
  ): Promise<{ orderId: number; orderNo: string; memberId: number; packs: number[]; courierName: string }[]>;
  /** Parcels shipped since then and still on their way, with the shop's courier code (tracking:adopt). */
  shippedParcels(
    since: Date,
  ): Promise<{ logisticCode: string; courierCode: string; phone: string; shippedAt: Date }[]>;
}

/** How long a shipped parcel is tried (subscribed, or asked about) before tracking gives it up. */
const GIVE_UP_MS = 60 * 24 * 3_600_000;
/** A claimed parcel's turn moves this far, so another process skips it while this one asks. */
const LEASE_MS = 5 * 60_000;
/** Waits after a failed attempt: 5 minutes, a quarter of an hour, an hour, then every 4 hours. */
const RETRY_MS = [5 * 60_000, 15 * 60_000, 3_600_000, 4 * 3_600_000];
/** A courier without a code is looked at again this often. */
const NO_COMPANY_RETRY_MS = 6 * 3_600_000;
/** Kuaidi100 asks for half an hour before a parcel it gave up on is subscribed again; it is, up to 3 times. */
const RESUBSCRIBE_MS = 30 * 60_000;
const RESUBSCRIBE_TIMES = 3;
/** Parcels one round takes up. */
const ROUND_LIMIT = 50;
/**
 * Push mode: a subscribed parcel waits for the service's calls, so its turn is set far away (rounds in push mode take
 * up only parcels still to subscribe; a service that gives up on a parcel says so, and it is subscribed again).
 */
const PUSH_SILENCE_MS = 30 * 24 * 3_600_000;

export interface RoundResult {
  subscribed: number;
  polled: number;
  failed: number;
  sandboxMoved: number;
}

export interface ApplyResult {
  /** False when the shop follows no parcel of that code (the report is acknowledged and dropped). */
  known: boolean;
  /** Events stored that were not stored before. */
  added: number;
  /** The milestone its members were told of, if any. */
  told: ParcelMilestone | null;
}

type Logger = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
};

export type TrackingService = ReturnType<typeof createTrackingService>;

/** The provider the configuration names, with the sandbox's own handle when it is the sandbox. */
function providerOf(config: TrackingConfig, db: Database, clock: Clock) {
  if (config.provider === 'sandbox') {
    const sandbox = createSandboxTracking({ db, clock });
    return { provider: sandbox.provider, sandbox };
  }
  if (config.provider === 'kuaidi100' && config.kuaidi100)
    return { provider: createKuaidi100Provider(config.kuaidi100), sandbox: null };
  return { provider: null, sandbox: null };
}

/** The member's message of a parcel's milestone (spec §3 'Message types' 2, trade and logistics). */
function parcelNotice(
  owner: { orderId: number; orderNo: string; memberId: number; packs: number[]; courierName: string },
  milestone: ParcelMilestone,
  logisticCode: string,
  newest: TrackingEvent | undefined,
  packCount: number,
): MemberNotice {
  const label = PARCEL_MILESTONE_LABELS[milestone];
  const titles: Record<ParcelMilestone, string> = {
    collected: '的包裹已被快递揽收',
    delivering: '的包裹正在派送',
    delivered: '的包裹已签收',
    problem: '的包裹出现异常',
    returned: '的包裹正在退回',
  };
  const packs = packCount > 1 ? `包裹 ${owner.packs.map(packNumber).join('、')}，` : '';
  const latest = newest ? `最新物流：${newest.description}（${beijingText(newest.time)}）。` : '';
  const help = milestone === 'problem' || milestone === 'returned' ? '如有疑问请联系客服。' : '';
  return {
    memberId: owner.memberId,
    type: MessageType.TradeLogistics,
    title: `订单 ${owner.orderNo} ${titles[milestone]}`,
    content: `订单 ${owner.orderNo} ${packs}${owner.courierName} 运单号 ${logisticCode}：${label}。${latest}${help}`,
    link: `/order/${owner.orderId}`,
    outside: {
      kind: 'parcel',
      params: { orderNo: owner.orderNo, state: label, trackingNo: logisticCode, courier: owner.courierName },
    },
  };
}

export function createTrackingService({
  db,
  clock,
  config,
  ports,
  notify = silentNotifier,
  provider: given,
}: {
  db: Database;
  clock: Clock;
  config: TrackingConfig;
  ports: TrackingPorts;
  notify?: MemberNotifier;
  /** A provider of the caller's (tests); else the one the configuration names. */
  provider?: TrackingProvider;
}) {
  const made = given ? { provider: given, sandbox: null } : providerOf(config, db, clock);
  const provider: TrackingProvider | null = made.provider;
  const sandbox: SandboxTracking | null = made.sandbox;
  let log: Logger | null = null;
  let round: Promise<RoundResult> | null = null;
  let again = false;

  const retryAfter = (attempts: number) => RETRY_MS[Math.min(attempts, RETRY_MS.length) - 1] ?? RETRY_MS[0];

  /**
   * Applies a service's report of a parcel (a verified push, or a query's answer) under the parcel's row lock, so
   * two reports of one parcel apply one after the other: its new events are stored, its state moves on only for a
   * report at least as recent as the one it has (an older push arriving late changes nothing), and its members are
   * told of a milestone they were not told of yet, in the same transaction.
   */
  async function applyReport(report: TrackingReport): Promise<ApplyResult> {
    return db.transaction(async (tx) => {
      const row = await repo.lockByCode(tx, report.logisticCode);
      if (!row) return { known: false, added: 0, told: null };
      const events = [...report.events].sort((a, b) => b.time.getTime() - a.time.getTime());
      // Written oldest first: of two events of the same second, the later one reads first (id breaks the tie).
      const added = await ports.saveEvents(
        tx,
        row.logisticCode,
        [...events].reverse().map((e) => ({
          eventTime: e.time,
          location: e.location,
          description: e.description,
          eventKey: eventKey(e),
        })),
      );
      const newest = events[0];
      const change: repo.ParcelChange = {};
      if (report.company && report.company !== row.company) change.company = report.company.slice(0, 32);
      let told: ParcelMilestone | null = null;
      const reportAt = newest?.time ?? null;
      const fresher =
        report.state !== null &&
        (row.stateAt === null || (reportAt !== null && reportAt.getTime() >= row.stateAt.getTime()));
      if (fresher) {
        change.state = report.state;
        change.stateAt = reportAt ?? clock();
        const milestone = parcelMilestone(report.state);
        if (isParcelNews(row.notified as ParcelMilestone | null, milestone) && milestone) {
          const owners = await ports.parcelOwners(tx, row.logisticCode);
          for (const owner of owners)
            await notify(tx, parcelNotice(owner, milestone, row.logisticCode, newest, owner.packs.length));
          change.notified = milestone;
          told = milestone;
        }
      }
      if (report.ended === 'settled') {
        change.status = 'ended';
        change.lastError = '';
      } else if (report.ended === 'abandoned' && row.status !== 'ended') {
        const givenUp = row.attempts >= RESUBSCRIBE_TIMES;
        change.status = givenUp ? 'ended' : 'pending';
        change.attempts = row.attempts + 1;
        change.nextAt = new Date(clock().getTime() + RESUBSCRIBE_MS);
        change.lastError = givenUp ? TrackingMessages.abandonedGivenUp : TrackingMessages.abandoned;
      } else if (row.status === 'pending' && provider?.mode === 'push') {
        // A push can come before the subscription's own answer was recorded.
        change.status = 'tracking';
        change.nextAt = new Date(clock().getTime() + PUSH_SILENCE_MS);
      }
      if (Object.keys(change).length > 0) await repo.updateParcel(tx, row.id, change);
      return { known: true, added, told };
    });
  }

  /** The parcel as the service is asked about it, with its courier's code now (staff may have set it since). */
  async function parcelOf(row: repo.ParcelTrackingRow): Promise<TrackingParcel | null> {
    const company = row.company || (await ports.trackingCodeOf(row.courierCode));
    return company ? { logisticCode: row.logisticCode, company, phone: row.phone } : null;
  }

  /** One parcel's turn: subscribed (push, not yet subscribed) or asked about (poll). Answers what happened. */
  async function attend(
    active: TrackingProvider,
    row: repo.ParcelTrackingRow,
  ): Promise<'subscribed' | 'polled' | 'failed'> {
    const now = clock();
    const tooOld = now.getTime() - row.shippedAt.getTime() > GIVE_UP_MS;
    const parcel = await parcelOf(row);
    if (!parcel) {
      await repo.updateParcel(db, row.id, {
        status: tooOld ? 'ended' : row.status,
        nextAt: new Date(now.getTime() + NO_COMPANY_RETRY_MS),
        lastError: (tooOld ? TrackingMessages.noCompanyGivenUp : TrackingMessages.noCompany)(row.courierCode),
      });
      return 'failed';
    }
    const failed = async (retry: boolean, reason: string) => {
      const attempts = row.attempts + 1;
      const over = !retry || tooOld;
      await repo.updateParcel(db, row.id, {
        status: over ? 'ended' : row.status,
        company: parcel.company,
        attempts,
        nextAt: new Date(
          now.getTime() +
            Math.max(retryAfter(attempts) ?? 0, active.mode === 'poll' ? config.pollMinutes * 60_000 : 0),
        ),
        lastError: reason.slice(0, 200),
      });
      log?.warn({ logisticCode: row.logisticCode, attempts, reason }, 'parcel tracking failed');
      return 'failed' as const;
    };
    if (active.mode === 'push' && row.status === 'pending') {
      const outcome = await active.subscribe(parcel);
      if (!outcome.ok) return failed(outcome.retry, outcome.reason);
      await repo.updateParcel(
        db,
        row.id,
        {
          status: 'tracking',
          company: parcel.company,
          attempts: 0,
          lastError: '',
          nextAt: new Date(now.getTime() + PUSH_SILENCE_MS),
        },
        'pending',
      );
      return 'subscribed';
    }
    const outcome = await active.query(parcel);
    if (!outcome.ok) return failed(outcome.retry, outcome.reason);
    await applyReport(outcome.report);
    // The report may have ended the parcel; its turn and status otherwise move on.
    await repo.updateParcel(
      db,
      row.id,
      {
        status: tooOld ? 'ended' : 'tracking',
        company: parcel.company,
        attempts: 0,
        lastError: '',
        nextAt: new Date(now.getTime() + config.pollMinutes * 60_000),
      },
      row.status === 'pending' ? 'pending' : 'tracking',
    );
    return 'polled';
  }

  /** One round over the parcels whose turn has come (see runDue). */
  async function oneRound(): Promise<RoundResult> {
    const result: RoundResult = { subscribed: 0, polled: 0, failed: 0, sandboxMoved: 0 };
    if (!provider) return result;
    if (sandbox) result.sandboxMoved = await sandbox.tick();
    const now = clock();
    const rows = await repo.claimDue(db, {
      statuses: provider.mode === 'push' ? ['pending'] : ['pending', 'tracking'],
      now,
      leaseUntil: new Date(now.getTime() + LEASE_MS),
      limit: ROUND_LIMIT,
    });
    for (const row of rows) {
      try {
        result[await attend(provider, row)] += 1;
      } catch (error) {
        result.failed += 1;
        log?.warn({ err: error, logisticCode: row.logisticCode }, 'parcel tracking failed');
      }
    }
    return result;
  }

  /**
   * The round every API process runs each minute (app.ts) and `tracking:run` runs by hand: parcels not yet
   * subscribed are subscribed (push), parcels whose turn came are asked about (poll), failures wait longer each
   * time. A round asked for while one runs is run once more after it, so a parcel shipped meanwhile is not missed.
   */
  function runDue(): Promise<RoundResult> {
    if (round) {
      again = true;
      return round;
    }
    round = (async () => {
      try {
        let result = await oneRound();
        while (again) {
          again = false;
          const next = await oneRound();
          result = {
            subscribed: result.subscribed + next.subscribed,
            polled: result.polled + next.polled,
            failed: result.failed + next.failed,
            sandboxMoved: result.sandboxMoved + next.sandboxMoved,
          };
        }
        return result;
      } finally {
        round = null;
      }
    })();
    return round;
  }

  /** Reads a callback of the named provider, verified first, and applies its report (see applyReport). */
  async function receiveCallback(
    providerName: string,
    form: Readonly<Record<string, unknown>>,
  ): Promise<
    | { outcome: 'accepted'; logisticCode: string; result: ApplyResult }
    | { outcome: 'rejected'; reason: 'provider' | 'signature' | 'malformed' }
  > {
    if (!provider || provider.name !== providerName) return { outcome: 'rejected', reason: 'provider' };
    const reading = provider.readCallback(form);
    if (!reading.ok) return { outcome: 'rejected', reason: reading.reason };
    return {
      outcome: 'accepted',
      logisticCode: reading.report.logisticCode,
      result: await applyReport(reading.report),
    };
  }

  // The sandbox's pushes take the callback's own path (the route adds only HTTP around it).
  sandbox?.deliverTo((form) => receiveCallback('sandbox', form));

  return {
    /** The running provider's name, or null when tracking is off. */
    providerName: provider?.name ?? null,
    mode: provider?.mode ?? null,

    /** Where background rounds report failures (the app's logger). */
    useLogger(logger: Logger) {
      log = logger;
    },

    /**
     * A parcel has shipped (order.admin.ts, in the ship's transaction on `executor`): it is written down to be
     * followed. A code followed already stays as it is; nothing is written while tracking is off.
     */
    async parcelShipped(
      executor: Database,
      parcel: { logisticCode: string; courierCode: string; phone: string; shippedAt: Date },
    ): Promise<void> {
      if (!provider) return;
      await repo.insertParcel(executor, { ...parcel, nextAt: parcel.shippedAt });
    },

    /** The ship committed: the parcel is subscribed now, in the background, rather than at the next round. */
    shipCommitted(): void {
      if (!provider) return;
      void runDue().catch((error) => log?.warn({ err: error }, 'parcel tracking round failed'));
    },

    runDue,
    applyReport,
    receiveCallback,

    /** Resolves once the round under way, if any, has ended (the app's and the command line's close). */
    async idle(): Promise<void> {
      await round?.catch(() => undefined);
    },

    /** The answer a provider's callback expects (Kuaidi100's JSON when the provider is unknown). */
    acknowledgement(
      providerName: string,
      outcome: 'accepted' | 'rejected' | 'error',
    ): CallbackAcknowledgement {
      return provider?.name === providerName
        ? provider.acknowledgement(outcome)
        : kuaidi100Acknowledgement(outcome);
    },

    /** A followed parcel as staff look at it (tracking:show). */
    async show(logisticCode: string) {
      const row = await repo.findByCode(db, logisticCode);
      if (!row) throw notFoundError(TrackingMessages.notTracked(logisticCode));
      return row;
    },

    /** How many parcels are waiting, followed and done with. */
    counts: () => repo.countByStatus(db),

    /** Asks the service about one parcel now, whatever the mode, and applies its answer (tracking:refresh). */
    async refresh(logisticCode: string) {
      if (!provider) throw notFoundError(TrackingMessages.off);
      const row = await repo.findByCode(db, logisticCode);
      if (!row) throw notFoundError(TrackingMessages.notTracked(logisticCode));
      const parcel = await parcelOf(row);
      if (!parcel) throw notFoundError(TrackingMessages.noCompany(row.courierCode));
      const outcome = await provider.query(parcel);
      if (!outcome.ok) return { ok: false as const, reason: outcome.reason };
      return { ok: true as const, ...(await applyReport(outcome.report)) };
    },

    /**
     * Takes up the parcels shipped in the last `days` days that are still on their way (tracking:adopt): for a shop
     * that turns tracking on with parcels already out. Answers how many were new.
     */
    async adopt(days: number): Promise<number> {
      if (!provider) throw notFoundError(TrackingMessages.off);
      const since = new Date(clock().getTime() - days * 24 * 3_600_000);
      let adopted = 0;
      for (const parcel of await ports.shippedParcels(since))
        if (await repo.insertParcel(db, { ...parcel, nextAt: clock() })) adopted += 1;
      return adopted;
    },

    /** Whether the sandbox service runs (its routes are registered only then). */
    sandboxOn: sandbox !== null,

    /** The sandbox's demo courier moves a parcel on and the sandbox pushes the news (tracking:advance). */
    async advanceSandbox(logisticCode: string, steps = 1) {
      if (!sandbox) throw notFoundError(TrackingMessages.notSandbox);
      const moved = await sandbox.advance(logisticCode, steps);
      if (!moved) throw notFoundError(TrackingMessages.sandboxUnknown(logisticCode));
      return moved;
    },
  };
}
