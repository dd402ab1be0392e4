import { randomBytes } from 'node:crypto';
import { TrackingState, trackingStateLabel } from '@shop/domain';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import {
  beijingText,
  type CallbackReading,
  kuaidi100Acknowledgement,
  kuaidi100Sign,
  type QueryOutcome,
  readKuaidi100Push,
  reportOfResult,
  type SubscribeOutcome,
  type TrackingParcel,
  type TrackingProvider,
} from './tracking.provider';
import * as repo from './tracking.repository';

/**
 * The sandbox tracking service (docs/design.md 'Outside services, and their sandboxes'): it plays Kuaidi100 for
 * demos and tests, without the internet. It learns a parcel only from the shop's subscription, keeps its own books
 * (tracking_sandbox_parcels), and its demo courier moves each parcel through 揽收 → 在途 → 派件 → 签收, a step every
 * few minutes or at once when asked (tracking:advance, POST /sandbox-tracking/advance/). Each move is pushed to the
 * shop exactly as Kuaidi100 pushes, `param` signed with MD5(param + salt), and read by the same code that reads
 * Kuaidi100's callbacks. It takes no money and follows no real parcel; it is off in production unless turned on.
 */

/** The demo courier's journey: each step's state, place and words. */
export const SANDBOX_JOURNEY: readonly { state: number; location: string; context: string }[] = [
  { state: TrackingState.Collected, location: '发货仓库', context: '【发货仓库】沙箱快递员已揽收快件' },
  {
    state: TrackingState.InTransit,
    location: '国际转运中心',
    context: '快件已到达【国际转运中心】，正在分拣',
  },
  {
    state: TrackingState.InTransit,
    location: '目的地分拨中心',
    context: '快件已从【国际转运中心】发出，下一站【目的地分拨中心】',
  },
  {
    state: TrackingState.Delivering,
    location: '目的地营业网点',
    context: '【目的地营业网点】快件正在派送中，派送员：沙箱快递员，电话：000-0000-0000',
  },
  {
    state: TrackingState.Signed,
    location: '目的地营业网点',
    context: '快件已签收，签收人：本人。感谢使用沙箱快递，期待再次为您服务',
  },
];

/** How long the demo courier takes between two steps of a parcel when nobody hurries it. */
export const SANDBOX_STEP_MS = 2 * 60_000;

export interface SandboxTracking {
  provider: TrackingProvider;
  /** Where its pushes go: the shop's callback handling (set by the tracking service). */
  deliverTo(push: (form: Record<string, string>) => Promise<unknown>): void;
  /** Moves a parcel on by `steps` and pushes the news; null for a parcel it was never asked to follow. */
  advance(logisticCode: string, steps?: number): Promise<{ step: number; state: number } | null>;
  /** Moves every parcel whose step is due (the shop's minute round). Answers how many moved. */
  tick(): Promise<number>;
}

export function createSandboxTracking({ db, clock }: { db: Database; clock: Clock }): SandboxTracking {
  // Its pushes are read in this process only, so a salt of its own, made at start, is all it needs.
  const salt = randomBytes(16).toString('hex');
  let deliver: ((form: Record<string, string>) => Promise<unknown>) | null = null;

  /** Kuaidi100's result of a parcel after `step` steps, newest event first. */
  function resultOf(
    row: { logisticCode: string; company: string },
    step: number,
    movedAt: readonly string[],
  ) {
    const taken = SANDBOX_JOURNEY.slice(0, step);
    const last = taken.at(-1);
    return {
      message: 'ok',
      state: last ? String(last.state) : '0',
      status: '200',
      condition: '',
      ischeck: step >= SANDBOX_JOURNEY.length ? '1' : '0',
      com: row.company,
      nu: row.logisticCode,
      data: taken
        .map((s, i) => {
          const time = beijingText(new Date(movedAt[i] ?? clock().toISOString()));
          return {
            context: s.context,
            time,
            ftime: time,
            areaName: s.location,
            status: trackingStateLabel(s.state),
          };
        })
        .reverse(),
    };
  }

  const provider: TrackingProvider = {
    name: 'sandbox',
    mode: 'push',

    async subscribe(parcel: TrackingParcel): Promise<SubscribeOutcome> {
      const created = await repo.insertSandboxParcel(db, {
        logisticCode: parcel.logisticCode,
        company: parcel.company,
      });
      return { ok: true, already: !created };
    },

    async query(parcel: TrackingParcel): Promise<QueryOutcome> {
      const row = await repo.findSandboxParcel(db, parcel.logisticCode);
      if (!row) return { ok: false, retry: false, reason: '沙箱：该单号未订阅' };
      return { ok: true, report: reportOfResult(resultOf(row, row.step, row.movedAt), row.company) };
    },

    readCallback(form): CallbackReading {
      return readKuaidi100Push(form, salt);
    },

    acknowledgement: kuaidi100Acknowledgement,
  };

  async function advance(logisticCode: string, steps = 1) {
    const moved = await db.transaction(async (tx) => {
      const row = await repo.lockSandboxParcel(tx, logisticCode);
      if (!row) return null;
      const step = Math.min(SANDBOX_JOURNEY.length, row.step + Math.max(1, steps));
      // The services write whole seconds: each step a second after the one before and after now, so a parcel
      // moved at once still reads in order, after its ship.
      const movedAt = [...row.movedAt];
      let at = Math.ceil((clock().getTime() + 1) / 1000) * 1000;
      while (movedAt.length < step) {
        const previous = movedAt.at(-1);
        if (previous) at = Math.max(at, new Date(previous).getTime() + 1000);
        movedAt.push(new Date(at).toISOString());
      }
      if (step !== row.step) await repo.moveSandboxParcel(tx, logisticCode, { step, movedAt });
      return { row, step, movedAt };
    });
    if (!moved) return null;
    // Pushed after its own books committed, as a service calls back once it has recorded the news.
    const param = JSON.stringify({
      status: moved.step >= SANDBOX_JOURNEY.length ? 'shutdown' : 'polling',
      billstatus: 'got',
      message: '',
      autoCheck: '0',
      comOld: '',
      comNew: '',
      lastResult: resultOf(moved.row, moved.step, moved.movedAt),
    });
    await deliver?.({ param, sign: kuaidi100Sign(param + salt) });
    return { step: moved.step, state: SANDBOX_JOURNEY[moved.step - 1]?.state ?? TrackingState.InTransit };
  }

  return {
    provider,
    deliverTo(push) {
      deliver = push;
    },
    advance,
    async tick() {
      const codes = await repo.sandboxParcelsToMove(db, {
        lastStep: SANDBOX_JOURNEY.length,
        before: new Date(clock().getTime() - SANDBOX_STEP_MS),
        limit: 100,
      });
      for (const code of codes) await advance(code, 1);
      return codes.length;
    },
  };
}
