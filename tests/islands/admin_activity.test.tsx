/** The admin's Activity page in happy-dom, in English and Spanish. */
import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import AdminActivity from "../../islands/AdminActivity.tsx";
import type { ActivityEntry } from "../../components/activity/audit_words.ts";
import { inLanguage } from "../helpers/in_language.tsx";
import { callsTo, json, signedInTests, signIn, stubApi } from "./signed_in.ts";

signedInTests();

const PATH = "/greer/api/admin/audit";
const entry = (over: Partial<ActivityEntry>): ActivityEntry => ({
  id: "01AUDIT",
  at: Date.UTC(2026, 0, 5, 15, 30),
  action: "schedule.saved",
  by: "u-ada",
  byName: "Ada",
  target: "greer",
  targetName: "City of Greer",
  tenant: "greer",
  details: {},
  ...over,
});
const FIRST = [
  entry({ id: "5", action: "role.granted", target: "u-dee", targetName: "Dee Driver", details: { role: "driver" } }),
  entry({ id: "4", action: "schedule.saved" }),
  entry({ id: "3", action: "place.created", target: "p1", targetName: "City Hall", details: { name: "City Hall" } }),
  entry({ id: "2", action: "settings.changed", byName: "admin CLI", details: { fields: ["name", "brandColor"] } }),
  entry({
    id: "1b",
    action: "ride.changed",
    by: "u-rae",
    byName: "Rae Rider",
    target: "r2",
    targetName: null,
    details: { fields: ["scheduledFor", "passengerCt"], status: "scheduled" },
  }),
];
const OLDER = [
  entry({ id: "1", action: "ride.deleted", target: "r1", targetName: null, details: { status: "pending" } }),
];

function setUp() {
  signIn();
  return stubApi({
    roles: ["admin"],
    routes: {
      [`GET ${PATH}`]: () => new Response(JSON.stringify(FIRST), { headers: { "x-next-cursor": "next page" } }),
      [`GET ${PATH}?cursor=next%20page`]: () => json(OLDER),
    },
  });
}

const items = () => screen.getAllByRole("listitem").map((li) => li.textContent);

describe("AdminActivity", () => {
  it("lists the tenant's actions in words, newest first, and loads older ones", async () => {
    const fetchMock = setUp();
    render(<AdminActivity tenant="greer" />);
    expect(await screen.findByRole("heading", { name: "Activity" })).toBeDefined();
    expect(await screen.findByText("Dee Driver was given the driver role by Ada")).toBeDefined();
    const list = screen.getAllByRole("list").at(-1)!;
    const rows = within(list).getAllByRole("listitem").map((li) => li.firstChild?.textContent);
    expect(rows).toEqual([
      "Dee Driver was given the driver role by Ada",
      "Schedule saved",
      "Place City Hall added",
      "Settings changed: name, brandColor",
      "Trip changed by its rider: scheduledFor, passengerCt",
    ]);
    expect(within(list).getAllByRole("listitem")[1].textContent).toContain("by Ada");
    expect(within(list).getAllByRole("listitem")[3].textContent).toContain("by admin CLI");
    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByText("Trip deleted")).toBeDefined();
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
    expect(callsTo(fetchMock, "GET", `${PATH}?cursor=next%20page`)).toHaveLength(1);
    expect(items().length).toBeGreaterThan(5);
  });

  it("says so when nothing is recorded, and when the list cannot be loaded", async () => {
    signIn();
    stubApi({ roles: ["admin"], routes: { [`GET ${PATH}`]: () => json([]) } });
    const { unmount } = render(<AdminActivity tenant="greer" />);
    expect(await screen.findByText("Nothing has been recorded yet.")).toBeDefined();
    unmount();
    stubApi({ roles: ["admin"], routes: { [`GET ${PATH}`]: () => json({ error: "boom" }, 500) } });
    render(<AdminActivity tenant="greer" />);
    expect((await screen.findByRole("alert")).textContent).toBe("The activity could not be loaded.");
  });

  it("speaks Spanish on a Spanish page", async () => {
    setUp();
    render(inLanguage("es", "AdminActivity", <AdminActivity tenant="greer" />));
    expect(await screen.findByRole("heading", { name: "Actividad" })).toBeDefined();
    expect(await screen.findByText("Ada dio a Dee Driver el rol de conductor")).toBeDefined();
    expect(screen.getByText("Horario guardado")).toBeDefined();
    expect(screen.getByText("Lugar City Hall agregado")).toBeDefined();
    expect(screen.getByText("Configuración cambiada: name, brandColor")).toBeDefined();
    expect(screen.getByText("Viaje cambiado por su pasajero: scheduledFor, passengerCt")).toBeDefined();
    expect(screen.getAllByText("por Ada").length).toBeGreaterThan(0);
    expect(screen.getByRole("button", { name: "Cargar más" })).toBeDefined();
  });
});
