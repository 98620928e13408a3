/**
 * Arrive by and changing a booking on the rider screen, run in English and in Spanish (rider_change.test.tsx,
 * rider_change_es.test.tsx): the Later choice's "Pick me up at" / "Arrive by", the Upcoming rides list's arrival
 * line, and the change form prefilled with the booking. The browser's clock is Monday 5 January 2026, 10:00 in Greer
 * (America/New_York); the schedule runs 07:00-19:00 Monday to Friday there.
 */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Lang } from "../../lib/i18n/lang.ts";
import { ARRIVE_LEAD, booked, open, select, spaced, world } from "./rider_booking_world.tsx";
import { DRIVER_ID, makeRide } from "./rides_fixtures.ts";

export interface ChangeTexts {
  /** The Current Ride card's Change button, its explanation and its one action. */
  change: string;
  cardNote: string;
  moveHere: string;
  later: string;
  arriveBy: string;
  pickMeUp: string;
  date: string;
  time: string;
  destination: string;
  request: string;
  /** The note under the time, for Tuesday 6 January at 9:00 to arrive by. */
  arriveNote: string;
  upcoming: string;
  /** The arrival line of a booking to arrive by 9:00. */
  arriveLine: string;
  /** The Change button's name for the booking of Tuesday 6 January at 9:00. */
  changeOf: RegExp;
  form: string;
  passengers: string;
  note: string;
  save: string;
  keep: string;
  /** The list's time of the booking once changed to 10:30. */
  changedTime: string;
  /** "10:30 AM" as the time select shows it. */
  halfPastTen: string;
}

export function changeCases(lang: Lang, x: ChangeTexts) {
  describe(`RiderScreen: arrive by and changing a booking (${lang})`, () => {
    it("books to arrive by a time: arriveBy is sent, and the list says when to arrive", async () => {
      await open(lang);
      fireEvent.click(await screen.findByRole("radio", { name: x.later }));
      expect((screen.getByRole("radio", { name: x.pickMeUp }) as HTMLInputElement).checked).toBe(true);
      fireEvent.click(screen.getByRole("radio", { name: x.arriveBy }));
      fireEvent.change(select(x.date), { target: { value: "2026-01-06" } });
      fireEvent.change(select(x.time), { target: { value: "09:00" } });
      expect(spaced(screen.getByText(x.arriveNote).textContent)).toBe(x.arriveNote);
      fireEvent.change(screen.getByLabelText(x.destination), { target: { value: "City Hall" } });
      fireEvent.click(screen.getByRole("button", { name: x.request }));
      await waitFor(() => expect(world.posted).toHaveLength(1));
      // 9:00 in Greer is 14:00 UTC: sent as the time to arrive by, with no pickup time.
      expect(world.posted[0]).toMatchObject({ arriveBy: Date.UTC(2026, 0, 6, 14, 0) });
      expect(world.posted[0]).not.toHaveProperty("scheduledFor");
      const list = await screen.findByRole("region", { name: x.upcoming });
      await waitFor(() => expect(spaced(within(list).getByRole("listitem").textContent)).toContain(x.arriveLine));
    });

    it("changes a booking's time in a form prefilled with it, and the list shows the new time", async () => {
      world.upcoming = [{
        ...booked("01BOOK1000000000000000000A", Date.UTC(2026, 0, 6, 14, 0), "City Hall"),
        passengerCt: 3,
        note: "blue door",
      }];
      await open(lang);
      const list = await screen.findByRole("region", { name: x.upcoming });
      fireEvent.click(await within(list).findByRole("button", { name: x.changeOf }));
      const form = await screen.findByRole("form", { name: x.form });
      const inForm = (label: string) => within(form).getByLabelText(label) as HTMLSelectElement | HTMLInputElement;
      expect((within(form).getByRole("radio", { name: x.pickMeUp }) as HTMLInputElement).checked).toBe(true);
      expect(inForm(x.date).value).toBe("2026-01-06");
      expect(inForm(x.time).value).toBe("09:00");
      expect(inForm(x.passengers).value).toBe("3");
      expect(inForm(x.note).value).toBe("blue door");
      fireEvent.change(inForm(x.time), { target: { value: "10:30" } });
      expect(within(form).getByRole("option", { name: x.halfPastTen, selected: true })).toBeDefined();
      fireEvent.click(within(form).getByRole("button", { name: x.save }));
      await waitFor(() => expect(world.changes).toHaveLength(1));
      // 10:30 in Greer is 15:30 UTC; the rest is sent as it was.
      expect(world.changes[0]).toEqual({
        scheduledFor: Date.UTC(2026, 0, 6, 15, 30),
        passengerCt: 3,
        needs: [],
        note: "blue door",
      });
      await waitFor(() => expect(screen.queryByRole("form", { name: x.form })).toBeNull());
      await waitFor(() => expect(spaced(within(list).getByRole("listitem").textContent)).toContain(x.changedTime));
    });

    it("changes a pickup time into a time to arrive by", async () => {
      world.upcoming = [booked("01BOOK1000000000000000000A", Date.UTC(2026, 0, 6, 14, 0), "City Hall")];
      await open(lang);
      const list = await screen.findByRole("region", { name: x.upcoming });
      fireEvent.click(await within(list).findByRole("button", { name: x.changeOf }));
      const form = await screen.findByRole("form", { name: x.form });
      fireEvent.click(within(form).getByRole("radio", { name: x.arriveBy }));
      fireEvent.click(within(form).getByRole("button", { name: x.save }));
      await waitFor(() => expect(world.changes).toHaveLength(1));
      expect(world.changes[0]).toMatchObject({ arriveBy: Date.UTC(2026, 0, 6, 14, 0) });
      expect(world.changes[0]).not.toHaveProperty("scheduledFor");
      await waitFor(() => expect(spaced(within(list).getByRole("listitem").textContent)).toContain(x.arriveLine));
      expect(world.upcoming[0].scheduledFor).toBe(Date.UTC(2026, 0, 6, 14, 0) - ARRIVE_LEAD);
    });

    it("on the Current Ride card, moves the pickup to where the rider is, and shows the server's refusal", async () => {
      world.current = makeRide({ status: "accepted", assignedDriverId: DRIVER_ID, driverName: "Dee" });
      world.refuseChange = "Once a driver has the ride, the pickup can move at most 50 m.";
      await open(lang);
      fireEvent.click(await screen.findByRole("button", { name: x.change }));
      expect(await screen.findByText(x.cardNote)).toBeDefined();
      Object.assign(navigator.geolocation, {
        getCurrentPosition: (ok: PositionCallback) =>
          ok({ coords: { latitude: 34.9391, longitude: -82.2271 } } as GeolocationPosition),
      });
      fireEvent.click(screen.getByRole("button", { name: x.moveHere }));
      expect((await screen.findByText(world.refuseChange)).getAttribute("role")).toBe("alert");
      expect(world.changes).toEqual([{ pickup: { lat: 34.9391, lng: -82.2271 } }]);
      world.refuseChange = null;
      fireEvent.click(screen.getByRole("button", { name: x.moveHere }));
      await waitFor(() => expect(screen.queryByText(x.cardNote)).toBeNull());
      expect(world.changes).toHaveLength(2);
    });

    it("shows the server's refusal in the form and keeps it open; Keep as is closes it unsent", async () => {
      world.upcoming = [booked("01BOOK1000000000000000000A", Date.UTC(2026, 0, 6, 14, 0), "City Hall")];
      world.refuseChange = "Book at least 30 minutes ahead.";
      await open(lang);
      const list = await screen.findByRole("region", { name: x.upcoming });
      fireEvent.click(await within(list).findByRole("button", { name: x.changeOf }));
      const form = await screen.findByRole("form", { name: x.form });
      fireEvent.click(within(form).getByRole("button", { name: x.save }));
      expect((await within(form).findByRole("alert")).textContent).toBe("Book at least 30 minutes ahead.");
      fireEvent.click(within(form).getByRole("button", { name: x.keep }));
      await waitFor(() => expect(screen.queryByRole("form", { name: x.form })).toBeNull());
      expect(world.changes).toHaveLength(1);
      // The form is gone with its fields; the booking keeps its time.
      expect(screen.queryByLabelText(x.date)).toBeNull();
      expect(world.upcoming[0].scheduledFor).toBe(Date.UTC(2026, 0, 6, 14, 0));
    });
  });
}
