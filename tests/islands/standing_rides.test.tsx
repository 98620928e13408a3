/** The rider's standing rides page (islands/StandingRides.tsx) in happy-dom, in English. */
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import StandingRides from "../../islands/StandingRides.tsx";
import { callsTo, json, signedInTests } from "./signed_in.ts";
import { LIST, MWF, PLACES, setUpStanding } from "./standing_rides_world.tsx";

signedInTests();

const show = () => render(<StandingRides tenant="greer" timeZone="America/New_York" passengers={{ min: 1, max: 5 }} />);
const sent = (fetchMock: ReturnType<typeof setUpStanding>, method: string, path: string) =>
  JSON.parse(String(callsTo(fetchMock, method, path)[0][1]?.body));

describe("StandingRides", () => {
  it("lists a standing ride with its days, time and next three dates", async () => {
    setUpStanding();
    show();
    const card = await screen.findByRole("listitem", { name: "To Dialysis Center" });
    expect(within(card).getByText("Mon, Wed, Fri, arrive by 9:00 AM")).toBeDefined();
    expect(within(card).getByText("From Mon, Jan 5")).toBeDefined();
    expect(within(card).getAllByRole("listitem").map((li) => li.querySelector("span")?.textContent)).toEqual([
      "Wed, Jan 7",
      "Fri, Jan 9",
      "Mon, Jan 12",
    ]);
    expect(screen.getByText("1 of 5 standing rides")).toBeDefined();
    expect(screen.getByRole("link", { name: "Back to Request a Ride" }).getAttribute("href")).toBe("/greer/rider");
  });

  it("says when there is none yet", async () => {
    setUpStanding({}, []);
    show();
    expect(await screen.findByText("No standing rides yet.")).toBeDefined();
  });

  it("skips one date by sending the whole standing ride with it skipped", async () => {
    const fetchMock = setUpStanding({
      [`PUT /greer/api/rides/recurring/${MWF.id}`]: () => json({ standingRide: MWF }),
    });
    show();
    fireEvent.click(await screen.findByRole("button", { name: "Skip Fri, Jan 9" }));
    expect((await screen.findByRole("status")).textContent).toBe("Date skipped.");
    expect(sent(fetchMock, "PUT", `/greer/api/rides/recurring/${MWF.id}`)).toEqual({
      pickupPlaceId: PLACES[0].id,
      dropoffPlaceId: PLACES[1].id,
      passengerCt: 1,
      weekdays: [1, 3, 5],
      arriveBy: "09:00",
      startDate: "2026-01-05",
      endDate: null,
      skipDates: ["2026-01-09"],
      paused: false,
    });
    await waitFor(() => expect(callsTo(fetchMock, "GET", "/greer/api/rides/recurring")).toHaveLength(2));
  });

  it("pauses and resumes, and deletes only after asking", async () => {
    const fetchMock = setUpStanding({
      [`PUT /greer/api/rides/recurring/${MWF.id}`]: () => json({ standingRide: MWF }),
      [`DELETE /greer/api/rides/recurring/${MWF.id}`]: () => new Response(null, { status: 204 }),
    });
    show();
    fireEvent.click(await screen.findByRole("button", { name: "Pause" }));
    expect((await screen.findByRole("status")).textContent).toBe("Standing ride paused.");
    expect(sent(fetchMock, "PUT", `/greer/api/rides/recurring/${MWF.id}`).paused).toBe(true);

    fireEvent.click(screen.getByRole("button", { name: "Delete" }));
    expect(callsTo(fetchMock, "DELETE", `/greer/api/rides/recurring/${MWF.id}`)).toHaveLength(0);
    const confirm = screen.getByRole("group", { name: "Delete this standing ride?" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Yes, delete" }));
    expect((await screen.findByRole("status")).textContent).toBe("Standing ride deleted.");
    expect(callsTo(fetchMock, "DELETE", `/greer/api/rides/recurring/${MWF.id}`)).toHaveLength(1);
  });

  it("shows a paused ride as paused, with Resume and no next dates", async () => {
    setUpStanding({}, [{ ...MWF, paused: true, nextDates: [] }]);
    show();
    const card = await screen.findByRole("listitem", { name: "To Dialysis Center" });
    expect(within(card).getByText("Paused")).toBeDefined();
    expect(within(card).getByRole("button", { name: "Resume" })).toBeDefined();
    expect(within(card).queryByText("Next dates")).toBeNull();
  });

  it("sets up a Monday-Wednesday-Friday ride to arrive by 9:00 from the chips", async () => {
    const fetchMock = setUpStanding({ "POST /greer/api/rides/recurring": () => json({ standingRide: MWF }, 201) }, []);
    show();
    const form = await screen.findByRole("form", { name: "New standing ride" });
    fireEvent.click(within(form).getByRole("button", { name: "Save standing ride" }));
    expect(within(form).getByRole("alert").textContent).toBe("Choose where to be picked up and where to go.");
    fireEvent.change(within(form).getByLabelText("From"), { target: { value: PLACES[0].id } });
    fireEvent.change(within(form).getByLabelText("To"), { target: { value: PLACES[1].id } });
    fireEvent.click(within(form).getByRole("button", { name: "Save standing ride" }));
    expect(within(form).getByRole("alert").textContent).toBe(
      "Weekdays must be a list of days from 0 (Sunday) to 6 (Saturday)",
    );
    expect(callsTo(fetchMock, "POST", "/greer/api/rides/recurring")).toHaveLength(0);
    for (const day of ["Monday", "Wednesday", "Friday"]) {
      fireEvent.click(within(form).getByRole("button", { name: day }));
    }
    expect(within(form).getByRole("button", { name: "Wednesday" }).getAttribute("aria-pressed")).toBe("true");
    expect((within(form).getByLabelText("Arrive by", { selector: "input[type=radio]" }) as HTMLInputElement).checked)
      .toBe(true);
    fireEvent.change(within(form).getByLabelText("Start date"), { target: { value: "2026-01-05" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save standing ride" }));
    expect((await screen.findByRole("status")).textContent).toBe("Standing ride saved.");
    expect(sent(fetchMock, "POST", "/greer/api/rides/recurring")).toEqual({
      pickupPlaceId: PLACES[0].id,
      dropoffPlaceId: PLACES[1].id,
      passengerCt: 1,
      weekdays: [1, 3, 5],
      arriveBy: "09:00",
      startDate: "2026-01-05",
      endDate: null,
      skipDates: [],
      paused: false,
    });
  });

  it("shows the server's refusal, such as the cap", async () => {
    setUpStanding({
      "POST /greer/api/rides/recurring": () => json({ error: "You already have 5 standing rides." }, 409),
    });
    show();
    const form = await screen.findByRole("form", { name: "New standing ride" });
    fireEvent.change(within(form).getByLabelText("From"), { target: { value: PLACES[0].id } });
    fireEvent.change(within(form).getByLabelText("To"), { target: { value: PLACES[1].id } });
    fireEvent.click(within(form).getByRole("button", { name: "Tuesday" }));
    fireEvent.click(within(form).getByLabelText("Pick me up at", { selector: "input[type=radio]" }));
    fireEvent.click(within(form).getByRole("button", { name: "Save standing ride" }));
    expect((await screen.findByRole("alert")).textContent).toBe("You already have 5 standing rides.");
  });

  it("says so when the list cannot be loaded", async () => {
    setUpStanding({ [LIST]: () => json({ error: "boom" }, 500) });
    show();
    expect((await screen.findByRole("alert")).textContent).toBe("Could not load your standing rides.");
  });
});
