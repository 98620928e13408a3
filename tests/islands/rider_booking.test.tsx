/**
 * Booking ahead on the rider screen: the Now / Later choice, the
 * form's button booking for the time chosen, and the Upcoming rides list
 * with its Cancel buttons. The browser's clock is Monday 5 January 2026,
 * 10:00 in Greer (America/New_York); the schedule runs 07:00-19:00 Monday
 * to Friday there.
 */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { callsTo } from "./signed_in.ts";
import { booked, bookingHooks, open, options, select, spaced, world } from "./rider_booking_world.tsx";

vi.mock("../../components/map/MapView.tsx", () => import("./fake_map.tsx"));

bookingHooks();

describe("RiderScreen: booking ahead", () => {
  it("books for later with no driver online, offering only the days and times of the schedule", async () => {
    const fetchMock = await open();
    const later = await screen.findByRole("radio", { name: "Later" });
    expect((screen.getByRole("radio", { name: "Now" }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole("group", { name: "When" })).toBeDefined();
    fireEvent.click(later);

    // Today from 30 minutes on, then the weekdays of the next 7 days: no weekend.
    expect(options("Date")).toEqual([
      "Mon, Jan 5",
      "Tue, Jan 6",
      "Wed, Jan 7",
      "Thu, Jan 8",
      "Fri, Jan 9",
      "Mon, Jan 12",
    ]);
    expect(options("Time")[0]).toBe("10:30 AM");
    expect(options("Time").at(-1)).toBe("6:45 PM");
    fireEvent.change(select("Date"), { target: { value: "2026-01-06" } });
    expect(options("Time")[0]).toBe("7:00 AM");
    fireEvent.change(select("Time"), { target: { value: "09:00" } });
    expect(spaced(screen.getByText(/^Request Ride books it for/).textContent)).toBe(
      "Request Ride books it for Tue, Jan 6, 9:00 AM.",
    );

    fireEvent.change(screen.getByLabelText("Destination"), { target: { value: "City Hall" } });
    fireEvent.click(screen.getByRole("button", { name: "Request Ride" }));
    await waitFor(() => expect(world.posted).toHaveLength(1));
    // 9:00 in Greer is 14:00 UTC.
    expect(world.posted[0]).toMatchObject({ destination: "City Hall", scheduledFor: Date.UTC(2026, 0, 6, 14, 0) });
    expect(await screen.findByText("Your ride is booked.")).toBeDefined();
    const list = await screen.findByRole("region", { name: "Upcoming rides" });
    await waitFor(() =>
      expect(spaced(within(list).getByRole("listitem").textContent)).toContain("Tue, Jan 6, 9:00 AM")
    );
    expect(callsTo(fetchMock, "POST", "/greer/api/rides")).toHaveLength(1);
  });

  it("asks for a ride now as before when Now is chosen: no time is sent", async () => {
    await open();
    fireEvent.click(await screen.findByRole("radio", { name: "Later" }));
    fireEvent.click(screen.getByRole("radio", { name: "Now" }));
    expect(screen.queryByLabelText("Date")).toBeNull();
    fireEvent.change(screen.getByLabelText("Destination"), { target: { value: "City Hall" } });
    fireEvent.click(screen.getByRole("button", { name: "Request Ride" }));
    // Now with no driver online: the screen's own refusal, nothing sent.
    expect((await screen.findByRole("alert")).textContent).toBe("No drivers are currently available.");
    expect(world.posted).toEqual([]);
  });

  it("lists the bookings soonest first, each with its time and a Cancel button that cancels it", async () => {
    world.upcoming = [
      booked("01BOOK1000000000000000000A", Date.UTC(2026, 0, 6, 14, 0), "City Hall"),
      booked("01BOOK2000000000000000000B", Date.UTC(2026, 0, 8, 20, 30), "Greer Station"),
    ];
    const fetchMock = await open();
    const list = await screen.findByRole("region", { name: "Upcoming rides" });
    const items = () => within(list).queryAllByRole("listitem").map((li) => spaced(li.textContent));
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(items()).toEqual([
      "Tue, Jan 6, 9:00 AMCity HallChangeCancel",
      "Thu, Jan 8, 3:30 PMGreer StationChangeCancel",
    ]);
    const cancel = within(list).getAllByRole("button", { name: /^Cancel the ride of Tue, Jan 6, 9:00/ });
    fireEvent.click(cancel[0]);
    await waitFor(() => expect(items()).toEqual(["Thu, Jan 8, 3:30 PMGreer StationChangeCancel"]));
    const put = callsTo(fetchMock, "PUT", "/greer/api/rides/01BOOK1000000000000000000A");
    expect(JSON.parse(String(put[0][1]?.body))).toEqual({ status: "canceled" });
  });
});
