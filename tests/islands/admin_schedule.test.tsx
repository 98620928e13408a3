/** Admin Schedule (spec section 2 "Admin Schedule", 5, 8 Schedule) in happy-dom. */
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import AdminSchedule from "../../islands/AdminSchedule.tsx";
import { getToken } from "../../browser/auth_client.ts";
import { callsTo, json, type Route, signedInTests, signIn, stubApi } from "./signed_in.ts";

const loc = signedInTests();

const slot = (start: string, end: string) => ({ start, end });
const STORED = { "0": [], "1": [slot("07:00", "19:00")], "2": [slot("07:00", "11:00"), slot("13:00", "19:00")] };
const GET = "GET /greer/api/schedule";
const PUT = "PUT /greer/api/admin/schedule";
const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

function setUp(routes: Record<string, Route> = {}) {
  signIn();
  return stubApi({ roles: ["admin"], routes: { [GET]: () => json({ schedule: STORED }), ...routes } });
}

const day = (name: string) => screen.getByRole("listitem", { name }) as HTMLElement;
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const save = () => fireEvent.click(screen.getByRole("button", { name: "Save Schedule" }));

describe("AdminSchedule", () => {
  it("shows Loading schedule..., then seven days Sunday to Saturday with their slots", async () => {
    let answer!: (res: Response) => void;
    setUp({ [GET]: () => new Promise<Response>((r) => answer = r) });
    render(<AdminSchedule tenant="greer" />);
    expect(await screen.findByText("Loading schedule...")).toBeDefined();
    await waitFor(() => expect(answer).toBeTypeOf("function"));
    answer(json({ schedule: STORED }));
    expect(await screen.findByRole("heading", { name: "Sunday" })).toBeDefined();
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent).slice(0, 7)).toEqual(DAYS);
    expect(within(day("Sunday")).getByText("No time slots")).toBeDefined();
    expect(within(day("Saturday")).getByText("No time slots")).toBeDefined();
    expect(input("Monday slot 1 start time").value).toBe("07:00");
    expect(input("Monday slot 1 end time").value).toBe("19:00");
    expect(input("Tuesday slot 2 start time").value).toBe("13:00");
    expect(screen.getByRole("button", { name: "Remove Tuesday slot 2" })).toBeDefined();
    // The riders' view of the same schedule, grouped as the rider screen shows it.
    const preview = screen.getByRole("region", { name: "What riders see" });
    expect(within(preview).getByText("7:00 AM – 11:00 AM")).toBeDefined();
  });

  it("shows empty days when the schedule cannot be loaded", async () => {
    setUp({ [GET]: () => json({ error: "boom" }, 500) });
    render(<AdminSchedule tenant="greer" />);
    expect((await screen.findByRole("alert")).textContent).toContain("could not be loaded");
    expect(screen.getAllByText("No time slots")).toHaveLength(7);
  });

  it("adds a 09:00-17:00 slot and removes one", async () => {
    setUp();
    render(<AdminSchedule tenant="greer" />);
    await screen.findByRole("heading", { name: "Sunday" });
    fireEvent.click(screen.getByRole("button", { name: "Add time slot to Sunday" }));
    expect(input("Sunday slot 1 start time").value).toBe("09:00");
    expect(input("Sunday slot 1 end time").value).toBe("17:00");
    expect(within(day("Sunday")).queryByText("No time slots")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Remove Monday slot 1" }));
    expect(within(day("Monday")).getByText("No time slots")).toBeDefined();
  });

  it("shows the server's own rule texts beside the slot and sends nothing while any holds", async () => {
    const fetchMock = setUp();
    render(<AdminSchedule tenant="greer" />);
    await screen.findByRole("heading", { name: "Sunday" });
    fireEvent.change(input("Monday slot 1 end time"), { target: { value: "06:00" } });
    expect(within(day("Monday")).getByText("Monday, slot 1: the end time (06:00) must be after the start time (07:00)"))
      .toBeDefined();
    expect(input("Monday slot 1 end time").getAttribute("aria-invalid")).toBe("true");
    expect(input("Monday slot 1 start time").getAttribute("aria-invalid")).toBe("false");
    fireEvent.click(screen.getByRole("button", { name: "Add time slot to Tuesday" }));
    expect(within(day("Tuesday")).getByText("Tuesday, slot 3 (09:00-17:00) overlaps slot 1 (07:00-11:00)"))
      .toBeDefined();

    save();
    expect((await screen.findByText("Please fix the problems marked above before saving.")).getAttribute("role"))
      .toBe("alert");
    expect(callsTo(fetchMock, "PUT", "/greer/api/admin/schedule")).toHaveLength(0);
    expect(document.activeElement).toBe(input("Monday slot 1 end time"));
  });

  it("saves with PUT, says Saving... then Schedule saved successfully!, and reads the schedule again", async () => {
    let finish!: (res: Response) => void;
    const fetchMock = setUp({ [PUT]: () => new Promise<Response>((r) => finish = r) });
    render(<AdminSchedule tenant="greer" />);
    await screen.findByRole("heading", { name: "Sunday" });
    fireEvent.click(screen.getByRole("button", { name: "Add time slot to Saturday" }));
    fireEvent.change(input("Saturday slot 1 start time"), { target: { value: "10:00" } });
    save();
    expect(await screen.findByRole("button", { name: "Saving..." })).toBeDefined();
    const put = callsTo(fetchMock, "PUT", "/greer/api/admin/schedule")[0];
    expect(JSON.parse(String(put[1]?.body))).toEqual({
      schedule: { ...STORED, "3": [], "4": [], "5": [], "6": [slot("10:00", "17:00")] },
      closedDates: [],
    });
    expect(new Headers(put[1]?.headers).get("authorization")).toBe("Bearer token-abc");
    finish(json({ schedule: {} }));
    expect((await screen.findByRole("status")).textContent).toBe("Schedule saved successfully!");
    expect(screen.getByRole("button", { name: "Save Schedule" })).toBeDefined();
    await waitFor(() => expect(callsTo(fetchMock, "GET", "/greer/api/schedule")).toHaveLength(2));
  });

  it("lists the closed dates, adds one and removes one, and saves them with the week", async () => {
    const fetchMock = setUp({
      [GET]: () => json({ schedule: STORED, closedDates: ["2026-12-25"] }),
      [PUT]: () => json({ schedule: STORED, closedDates: ["2027-01-01"] }),
    });
    render(<AdminSchedule tenant="greer" />);
    const closed = await screen.findByRole("region", { name: "Closed dates" });
    expect(within(closed).getByText("Friday, December 25")).toBeDefined();
    const add = within(closed).getByRole("button", { name: "Add closed date" }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.change(input("Closed date"), { target: { value: "2027-01-01" } });
    fireEvent.click(add);
    expect(within(closed).getByText("Friday, January 1")).toBeDefined();
    fireEvent.click(within(closed).getByRole("button", { name: "Remove Friday, December 25" }));
    expect(within(closed).queryByText("Friday, December 25")).toBeNull();
    save();
    await screen.findByRole("status");
    const put = callsTo(fetchMock, "PUT", "/greer/api/admin/schedule")[0];
    expect(JSON.parse(String(put[1]?.body)).closedDates).toEqual(["2027-01-01"]);
  });

  it("says so when there is no closed date", async () => {
    setUp();
    render(<AdminSchedule tenant="greer" />);
    const closed = await screen.findByRole("region", { name: "Closed dates" });
    expect(within(closed).getByText("No closed dates")).toBeDefined();
  });

  it.each([
    [
      400,
      { error: "Monday, slot 1: the end time (06:00) must be after the start time (07:00)" },
      "Failed to save schedule: Monday, slot 1: the end time (06:00) must be after the start time (07:00)",
    ],
    [
      403,
      { error: "Access denied - admin privileges required" },
      "Failed to save schedule: Access denied - admin privileges required",
    ],
    [502, null, "Failed to save schedule: Bad Gateway"],
  ])("says why a save failed (%i)", async (status, body, text) => {
    setUp({ [PUT]: () => new Response(body && JSON.stringify(body), { status, statusText: "Bad Gateway" }) });
    render(<AdminSchedule tenant="greer" />);
    await screen.findByRole("heading", { name: "Sunday" });
    save();
    expect((await screen.findByRole("alert")).textContent).toBe(text);
  });

  it("says Failed to save schedule when the network fails", async () => {
    setUp({ [PUT]: () => Promise.reject(new TypeError("Failed to fetch")) });
    render(<AdminSchedule tenant="greer" />);
    await screen.findByRole("heading", { name: "Sunday" });
    save();
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to save schedule");
  });

  it("signs out on a 401 and asks to log in", async () => {
    setUp({ [PUT]: () => json({ error: "Your session has expired. Please log in again." }, 401) });
    render(<AdminSchedule tenant="greer" />);
    await screen.findByRole("heading", { name: "Sunday" });
    save();
    expect(await screen.findByText("Please log in to manage schedules.")).toBeDefined();
    expect(getToken()).toBeNull();
    expect(loc.assign).toHaveBeenCalledWith("/greer/login");
  });
});
