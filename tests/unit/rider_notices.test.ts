/** When a waiting rider is told what (lib/rider_notices.ts), and the texts in both languages. */
import { describe, expect, it } from "vitest";
import { AREAS, type Text, translate, translator } from "../../lib/i18n/catalogue.ts";
import {
  dueNotices,
  handedBackNotice,
  NO_NOTICES,
  type NoticeFacts,
  type NoticeRecord,
  noticeText,
} from "../../lib/rider_notices.ts";
import type { Ride } from "../../lib/rides.ts";

const PICKUP = { lat: 34.9387, lng: -82.2271 };
const north = (m: number) => ({ lat: PICKUP.lat + m / 111_195, lng: PICKUP.lng });
const NOW = 1_800_000_000_000;
const MIN = 60_000;

function ride(status: Ride["status"]): Ride {
  return {
    id: "r1",
    tenant: "greer",
    creatorId: "u1",
    assignedDriverId: "d1",
    status,
    pickup: PICKUP,
    dropoff: null,
    destination: "Library",
    passengerCt: 1,
    requestedAt: NOW - 5 * MIN,
    acceptedAt: NOW,
    onTheWayAt: null,
    arrivedAt: null,
    pickedUpAt: null,
    completedAt: null,
    canceledAt: null,
    noShowAt: null,
    riderName: "Ada",
    riderPhone: "8645550142",
    riderPhotoUrl: null,
    driverName: "Maria Lopez",
    driverPhone: "8645550101",
    updatedAt: NOW,
  };
}

const facts = (over: Partial<NoticeFacts>): NoticeFacts => ({
  ride: ride("accepted"),
  driver: north(3000),
  etaMinutes: 12,
  now: NOW,
  moved: false,
  ...over,
});

/** Runs the facts in order, as the server would, answering the kinds sent at each step. */
function story(steps: Partial<NoticeFacts>[]): { kinds: string[][]; record: NoticeRecord } {
  let record = NO_NOTICES;
  const kinds = steps.map((step) => {
    const { notices, next } = dueNotices(record, facts(step));
    record = next;
    return notices.map((n) => `${n.kind}${n.minutes === null ? "" : ` ${n.minutes}`}`);
  });
  return { kinds, record };
}

describe("dueNotices", () => {
  it("tells a ride's story in order, each kind once: accepted, on the way when the time moved, near, here", () => {
    const { kinds, record } = story([
      { moved: true, etaMinutes: 12 },
      { etaMinutes: 11, now: NOW + MIN },
      // Marked on my way 2 minutes later, arriving 4 minutes later than first said.
      { ride: ride("on-the-way"), moved: true, etaMinutes: 14, now: NOW + 2 * MIN },
      { ride: ride("on-the-way"), etaMinutes: 3, driver: north(400), now: NOW + 13 * MIN },
      { ride: ride("on-the-way"), etaMinutes: 2, driver: north(280), now: NOW + 14 * MIN },
      { ride: ride("on-the-way"), etaMinutes: 1, driver: north(150), now: NOW + 15 * MIN },
      { ride: ride("on-the-way"), etaMinutes: 1, driver: north(40), now: NOW + 16 * MIN },
      { ride: ride("on-the-way"), etaMinutes: 1, driver: north(20), now: NOW + 16 * MIN },
      { ride: ride("arrived"), etaMinutes: null, driver: north(0), now: NOW + 17 * MIN },
    ]);
    expect(kinds).toEqual([["accepted 12"], [], ["on-the-way 14"], [], ["near 2"], [], ["here"], [], []]);
    expect(record.promisedAt).toBe(NOW + 2 * MIN + 14 * MIN);
  });

  it("sends no on-the-way text when the time holds within 3 minutes, and decides it only at the move", () => {
    const { kinds } = story([
      { etaMinutes: 10 },
      { ride: ride("on-the-way"), moved: true, etaMinutes: 8, now: NOW + 4 * MIN }, // arriving 2 min later than said
      { ride: ride("on-the-way"), etaMinutes: 9, now: NOW + 5 * MIN },
    ]);
    expect(kinds).toEqual([["accepted 10"], [], []]);
  });

  it("says the shuttle is here at once, without the near text, when the driver is already at the pickup", () => {
    expect(story([{ etaMinutes: 1, driver: north(30) }]).kinds).toEqual([["accepted 1", "here"]]);
  });

  it("names no time when the driver's position is unknown, and gives one on the way", () => {
    const { kinds, record } = story([
      { driver: null, etaMinutes: null },
      { ride: ride("on-the-way"), moved: true, etaMinutes: 9, now: NOW + MIN },
    ]);
    expect(kinds).toEqual([["accepted"], ["on-the-way 9"]]);
    expect(record.promisedAt).toBe(NOW + 10 * MIN);
  });

  it("says once that the shuttle runs late, from 5 minutes past the time promised", () => {
    const { kinds } = story([
      { etaMinutes: 6 },
      { etaMinutes: 9, now: NOW + 2 * MIN }, // arriving 10:11 for 10:06: 5 late
      { etaMinutes: 12, now: NOW + 3 * MIN },
    ]);
    expect(kinds).toEqual([["accepted 6"], ["late 5"], []]);
  });

  it("tells nothing about a ride that is not waiting for its driver", () => {
    for (const status of ["pending", "arrived", "completed", "canceled"] as const) {
      expect(dueNotices(NO_NOTICES, facts({ ride: ride(status) })).notices).toEqual([]);
    }
  });
});

describe("the texts", () => {
  const en = translator("en");
  const es = translator("es");
  it("name the organization, the driver and the minutes, in the rider's language", () => {
    const r = ride("accepted");
    expect(noticeText({ kind: "accepted", minutes: 12 }, r, "City of Greer", en)).toBe(
      "City of Greer: Maria Lopez accepted your ride and will be there in about 12 min. Reply STOP to stop texts.",
    );
    expect(noticeText({ kind: "here", minutes: null }, r, "City of Greer", en)).toBe(
      "City of Greer: Your shuttle is here",
    );
    expect(noticeText({ kind: "near", minutes: 2 }, { driverName: null }, "City of Greer", es)).toBe(
      "City of Greer: su vehículo está a unos 2 min. Diríjase al lugar de recogida.",
    );
    expect(noticeText({ kind: "accepted", minutes: null }, { driverName: " " }, "City of Greer", es)).toBe(
      "City of Greer: Su conductor aceptó su viaje. STOP: no recibir más.",
    );
  });

  it("tell a rider whose booking no vehicle could take at its hand-over, with the time booked", () => {
    const booked = { driverName: null, scheduledFor: Date.UTC(2026, 0, 5, 17, 0) };
    expect(noticeText({ kind: "unplaced", minutes: null }, booked, "City of Greer", en, "America/New_York")).toBe(
      "City of Greer: no shuttle is free for your ride at 12:00 PM yet. We will text you when a driver takes it.",
    );
    expect(noticeText({ kind: "unplaced", minutes: null }, booked, "City of Greer", es, "America/New_York")).toBe(
      "City of Greer: aún no hay vehículo libre para su viaje de las 12:00 p.m.; le avisaremos cuando un conductor lo acepte.",
    );
  });

  it("fit two segments in Spanish and one in English, filled with long names", () => {
    const filled = { organization: "Greenville County", driver: "Maria Lopez", minutes: 12 };
    for (const text of Object.keys(AREAS.ride_sms) as Text[]) {
      expect(translate("en", text, filled).length, text).toBeLessThanOrEqual(160);
      // One character outside GSM-7 makes it UCS-2: 67 characters a segment once split.
      expect(translate("es", text, filled).length, text).toBeLessThanOrEqual(134);
    }
  });
});

describe("a ride handed back when its driver goes offline", () => {
  const en = translator("en");
  const es = translator("es");
  // 10:40 in Greer (America/New_York, daylight time: UTC-4).
  const AT = Date.UTC(2027, 5, 1, 14, 40);

  it("tells the new pickup time once, naming the new driver, in the rider's language", () => {
    const told = handedBackNotice({ promisedAt: NOW, sent: ["accepted", "near"] }, {
      at: AT,
      changed: true,
      leftAt: NOW,
    });
    expect(told.notices).toEqual([{ kind: "moved-vehicle", minutes: null, at: AT }]);
    // The new driver's near, here and late notices are theirs to send again.
    expect(told.next).toEqual({ promisedAt: AT, sent: ["accepted", "moved-vehicle"], handedBackAt: NOW });
    expect(handedBackNotice(told.next, { at: AT, changed: true, leftAt: NOW }).notices).toEqual([]);
    // The same time: nothing to tell, but the new driver's notices start afresh.
    const same = handedBackNotice({ promisedAt: NOW, sent: ["accepted", "near"] }, {
      at: AT,
      changed: false,
      leftAt: NOW,
    });
    expect(same).toEqual({ notices: [], next: told.next });
    const r = { driverName: "Sam Reyes" };
    expect(noticeText(told.notices[0], r, "City of Greer", en, "America/New_York")).toBe(
      "City of Greer: your ride moved to another shuttle. Sam Reyes will pick you up at about 10:40 AM.",
    );
    expect(noticeText(told.notices[0], r, "City of Greer", es, "America/New_York")).toBe(
      "City of Greer: su viaje pasó a otro vehículo. Hacia las 10:40 a.m. lo recogerá Sam Reyes.",
    );
  });

  it("tells a rider no vehicle could take that the ride waits for a driver, once per hand-back", () => {
    const told = handedBackNotice(NO_NOTICES, { at: null, changed: true, leftAt: NOW });
    expect(told.notices).toEqual([{ kind: "driver-left", minutes: null }]);
    expect(handedBackNotice(told.next, { at: null, changed: true, leftAt: NOW }).notices).toEqual([]);
    // A later driver going offline with the same ride is a new hand-back.
    expect(handedBackNotice(told.next, { at: null, changed: true, leftAt: NOW + MIN }).notices).toHaveLength(1);
    expect(noticeText(told.notices[0], { driverName: null }, "City of Greer", en)).toBe(
      "City of Greer: your driver went offline and no other shuttle can pick you up now. Your ride waits for a driver; you may cancel it.",
    );
    expect(noticeText(told.notices[0], { driverName: null }, "City of Greer", es)).toBe(
      "City of Greer: su conductor se desconectó y no hay otro vehículo para recogerlo ahora. Su viaje espera conductor o cancélelo.",
    );
  });

  it("fit one segment in English and two in Spanish with the time filled", () => {
    const filled = { organization: "Greenville County", driver: "Maria Lopez", time: "10:40 AM" };
    for (const kind of ["moved-vehicle", "driver-left"] as const) {
      const text = noticeText({ kind, minutes: null, at: AT }, { driverName: "Maria Lopez" }, filled.organization, en);
      expect(text.length, text).toBeLessThanOrEqual(160);
      const spanish = noticeText(
        { kind, minutes: null, at: AT },
        { driverName: "Maria Lopez" },
        filled.organization,
        es,
      );
      expect(spanish.length, spanish).toBeLessThanOrEqual(134);
    }
  });
});

describe("the accepted text of a planned ride (automatic dispatch)", () => {
  const en = translator("en");
  const es = translator("es");
  // 10:40 in Greer (America/New_York, daylight time: UTC-4); the window 10:38 to 10:52.
  const AT = Date.UTC(2027, 5, 1, 14, 40);
  const shuttle = { vehicleName: "Van 2", window: { from: AT - 2 * MIN, to: AT + 12 * MIN } };
  const accepted = { kind: "accepted" as const, minutes: 6 };

  it("names the vehicle, the planned time and the window, in the rider's language", () => {
    const ride = { driverName: "Sam Reyes", pickupAt: AT };
    expect(noticeText(accepted, ride, "City of Greer", en, "America/New_York", shuttle)).toBe(
      "City of Greer: your shuttle (Van 2) will pick you up at about 10:40 AM, between 10:38 AM and 10:52 AM. Reply STOP to stop texts.",
    );
    expect(noticeText(accepted, ride, "City of Greer", es, "America/New_York", shuttle)).toBe(
      "City of Greer: su vehículo (Van 2) lo recogerá hacia las 10:40 a.m. (entre 10:38 a.m. y 10:52 a.m.). STOP: no recibir más.",
    );
    // A ride in drivers mode keeps the driver's words.
    expect(noticeText(accepted, { driverName: "Sam Reyes" }, "City of Greer", en, "America/New_York", null)).toBe(
      "City of Greer: Sam Reyes accepted your ride and will be there in about 6 min. Reply STOP to stop texts.",
    );
  });

  it("fits one segment in English and two in Spanish, filled with long names", () => {
    const long = { ...shuttle, vehicleName: "Greer Van 12" };
    const ride = { driverName: null, pickupAt: AT };
    const text = noticeText(accepted, ride, "Greenville County", en, "America/New_York", long);
    expect(text.length, text).toBeLessThanOrEqual(160);
    const spanish = noticeText(accepted, ride, "Greenville County", es, "America/New_York", long);
    expect(spanish.length, spanish).toBeLessThanOrEqual(134);
  });
});
