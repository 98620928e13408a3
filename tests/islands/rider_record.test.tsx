/**
 * The rider's record on the rider screen, in English and Spanish:
 * the no-show warning and pause, "Rate your ride" once a ride completes, and
 * "Your rides" with its ratings and more pages.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import RiderScreen from "../../islands/RiderScreen.tsx";
import type { Ride } from "../../lib/rides.ts";
import type { Lang } from "../../lib/i18n/lang.ts";
import { inLanguage } from "../helpers/in_language.tsx";
import { resetMap } from "./fake_map.tsx";
import { FakeSocket, restoreGeolocation, stubGeolocation, stubSockets } from "./fake_wire.ts";
import { driver, GREER, makeRide, moved } from "./rides_fixtures.ts";
import { json, resetSession, signIn, spyLocation, stubApi } from "./signed_in.ts";

vi.mock("../../components/map/MapView.tsx", () => import("./fake_map.tsx"));

const POLICY = { warnAt: 2, suspendAt: 3, suspendDays: 7, windowDays: 30 };

interface Server {
  my: Ride | null;
  standing: Record<string, unknown>;
  /** History pages by cursor ("" for the first). */
  pages: Record<string, { rides: Ride[]; next?: string }>;
  rated: unknown[];
}
let server: Server;

beforeEach(() => {
  resetSession();
  resetMap();
  spyLocation();
  stubSockets();
  server = {
    my: null,
    standing: { noShows: 0, suspendedUntil: null, policy: POLICY, message: null },
    pages: { "": { rides: [] } },
    rated: [],
  };
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  restoreGeolocation();
});

function historyAnswer(cursor: string) {
  const page = server.pages[cursor] ?? { rides: [] };
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (page.next) headers["x-next-cursor"] = page.next;
  return new Response(JSON.stringify(page.rides), { status: 200, headers });
}

function open(lang: Lang = "en") {
  signIn();
  stubGeolocation();
  const fetchMock = stubApi({
    roles: ["rider"],
    routes: {
      "GET /greer/api/drivers/available": () => json([driver("d1")]),
      "GET /greer/api/rides/my": () => json(server.my),
      "GET /greer/api/rides/standing": () => json(server.standing),
      "GET /greer/api/rides/history": () => historyAnswer(""),
      "GET /greer/api/rides/history?cursor=page-2": () => historyAnswer("page-2"),
    },
  });
  const inner = fetchMock.getMockImplementation()!;
  fetchMock.mockImplementation((input, init = {}) => {
    const m = /^\/greer\/api\/rides\/([^/]+)\/feedback$/.exec(String(input));
    if (m && init.method === "POST") {
      const body = JSON.parse(String(init.body));
      server.rated.push({ id: m[1], ...body });
      const ride = [...Object.values(server.pages).flatMap((p) => p.rides)].find((r) => r.id === m[1])!;
      return Promise.resolve(
        json({ ride: { ...ride, feedback: { ...body, comment: body.comment ?? null, at: 1 } } }, 201),
      );
    }
    return inner(input, init);
  });
  render(inLanguage(lang, "RiderScreen", <RiderScreen tenant="greer" area={GREER} mapStyleUrl={null} />));
  return fetchMock;
}

function completed(overrides: Partial<Ride> = {}) {
  const ride = makeRide({ destination: "Greer City Park" });
  return moved(ride, "completed", { completedAt: Date.now() - 60_000, ...overrides });
}

const TEXTS = {
  en: {
    warning: "Missed pickups in the last 30 days: 2. At 3, ride requests are paused for 7 days.",
    completed: "Ride completed!",
    rate: "Rate your ride",
    star: (n: number) => `${n} of 5 stars`,
    comment: "Comment (optional)",
    send: "Send rating",
    notNow: "Not now",
    thanks: "Thank you for your rating!",
    noStars: "Choose from 1 to 5 stars.",
    yourRides: "Your rides",
    none: "No finished rides yet.",
    rateThis: "Rate this ride",
    more: "Load more rides",
    canceled: "Canceled",
    standing: "Standing rides: the same trip every week",
  },
  es: {
    warning:
      "Recogidas perdidas en los últimos 30 días: 2. Al llegar a 3, las solicitudes de viaje se pausan por 7 días.",
    completed: "¡Viaje completado!",
    rate: "Califique su viaje",
    star: (n: number) => `${n} de 5 estrellas`,
    comment: "Comentario (opcional)",
    send: "Enviar calificación",
    notNow: "Ahora no",
    thanks: "¡Gracias por su calificación!",
    noStars: "Elija de 1 a 5 estrellas.",
    yourRides: "Sus viajes",
    none: "Todavía no tiene viajes terminados.",
    rateThis: "Calificar este viaje",
    more: "Cargar más viajes",
    canceled: "Cancelado",
    standing: "Viajes fijos: el mismo viaje cada semana",
  },
} as const;

for (const lang of ["en", "es"] as const) {
  const T = TEXTS[lang];
  describe(`the rider's record (${lang})`, () => {
    it("warns at the warning count, naming the count and the policy, and says nothing below it", async () => {
      server.standing = { ...server.standing, noShows: 2 };
      await open(lang);
      expect((await screen.findByText(T.warning)).getAttribute("role")).toBe("status");
      cleanup();
      server.standing = { ...server.standing, noShows: 1 };
      await open(lang);
      await screen.findByRole("button", { name: T.yourRides });
      await new Promise((r) => setTimeout(r, 30));
      expect(screen.queryByText(/\b2\b.*7/)).toBeNull();
      expect(document.querySelector(".rider-standing")).toBeNull();
    });

    it("shows the pause as the server words it", async () => {
      const message = lang === "en"
        ? "Ride requests are paused until Monday, January 12 after 3 missed pickups. Contact City of Greer if this is a mistake."
        : "Las solicitudes de viaje están pausadas hasta el lunes, 12 de enero después de 3 recogidas perdidas. Comuníquese con City of Greer si esto es un error.";
      server.standing = { ...server.standing, noShows: 3, suspendedUntil: Date.now() + 86_400_000, message };
      await open(lang);
      expect((await screen.findByText(message)).getAttribute("role")).toBe("alert");
      expect(document.querySelectorAll(".rider-standing")).toHaveLength(1);
    });

    it("offers Rate your ride when the ride completes and sends the stars and comment once", async () => {
      const ride = moved(makeRide(), "arrived");
      server.my = ride;
      const done = completed({ id: ride.id });
      server.pages[""] = { rides: [done] };
      const fetchMock = await open(lang);
      await screen.findByText(lang === "en" ? "Your driver has arrived!" : "¡Su conductor llegó!");
      const socket = FakeSocket.latest();
      socket.accept();
      socket.push({ type: "update", ride: done });
      expect(await screen.findByText(T.completed)).toBeDefined();
      const card = await screen.findByRole("region", { name: T.rate });
      fireEvent.click(within(card).getByRole("button", { name: T.send }));
      expect(within(card).getByRole("alert").textContent).toBe(T.noStars);
      expect(server.rated).toEqual([]);
      fireEvent.click(within(card).getByRole("radio", { name: T.star(4) }));
      fireEvent.change(within(card).getByLabelText(T.comment), { target: { value: "  Very kind  " } });
      fireEvent.click(within(card).getByRole("button", { name: T.send }));
      expect(await screen.findByText(T.thanks)).toBeDefined();
      expect(server.rated).toEqual([{ id: ride.id, rating: 4, comment: "Very kind" }]);
      expect(screen.queryByRole("region", { name: T.rate })).toBeNull();
      expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith("/feedback"))).toHaveLength(1);
    });

    it("lets the rider put the rating off with Not now", async () => {
      const ride = moved(makeRide(), "arrived");
      server.my = ride;
      const done = completed({ id: ride.id });
      server.pages[""] = { rides: [done] };
      await open(lang);
      await screen.findByRole("region", { name: lang === "en" ? "Current Ride" : "Viaje actual" });
      const socket = FakeSocket.latest();
      socket.accept();
      socket.push({ type: "update", ride: done });
      const card = await screen.findByRole("region", { name: T.rate });
      fireEvent.click(within(card).getByRole("button", { name: T.notNow }));
      expect(screen.queryByRole("region", { name: T.rate })).toBeNull();
      expect(screen.getByText(T.completed)).toBeDefined();
      expect(server.rated).toEqual([]);
    });

    it("does not offer to rate a completed ride that is already rated", async () => {
      const ride = moved(makeRide(), "arrived");
      server.my = ride;
      const done = completed({ id: ride.id, feedback: { rating: 5, comment: null, at: 1 } });
      server.pages[""] = { rides: [done] };
      await open(lang);
      await screen.findByRole("region", { name: lang === "en" ? "Current Ride" : "Viaje actual" });
      const socket = FakeSocket.latest();
      socket.accept();
      socket.push({ type: "update", ride: done });
      await screen.findByText(T.completed);
      await new Promise((r) => setTimeout(r, 30));
      expect(screen.queryByRole("region", { name: T.rate })).toBeNull();
    });

    it("lists Your rides newest first with their ratings, rates one there, and loads more", async () => {
      const rated = completed({ destination: "City Hall", feedback: { rating: 5, comment: "Great", at: 1 } });
      const unrated = completed({ destination: "Library" });
      const canceled = moved(makeRide({ destination: "Museum" }), "canceled");
      const old = completed({ destination: "Station", completedAt: Date.now() - 8 * 86_400_000 });
      server.pages[""] = { rides: [rated, unrated, canceled], next: "page-2" };
      server.pages["page-2"] = { rides: [old] };
      await open(lang);
      const toggle = await screen.findByRole("button", { name: T.yourRides });
      expect(toggle.getAttribute("aria-expanded")).toBe("false");
      fireEvent.click(toggle);
      const list = await within(screen.getByRole("region", { name: T.yourRides })).findByRole("list");
      const items = within(list).getAllByRole("listitem");
      expect(items.map((li) => li.querySelector(".your-rides__where")?.textContent)).toEqual([
        "City Hall",
        "Library",
        "Museum",
      ]);
      expect(within(items[0]).getByText(T.star(5))).toBeDefined();
      expect(within(items[0]).getByText("“Great”")).toBeDefined();
      expect(within(items[0]).queryByRole("button", { name: T.rateThis })).toBeNull();
      expect(within(items[2]).getByText(T.canceled)).toBeDefined();
      expect(within(items[2]).queryByRole("button", { name: T.rateThis })).toBeNull();

      fireEvent.click(within(items[1]).getByRole("button", { name: T.rateThis }));
      fireEvent.click(within(items[1]).getByRole("radio", { name: T.star(3) }));
      fireEvent.click(within(items[1]).getByRole("button", { name: T.send }));
      await waitFor(() => expect(within(items[1]).getByText(T.star(3))).toBeDefined());
      expect(server.rated).toEqual([{ id: unrated.id, rating: 3 }]);

      fireEvent.click(screen.getByRole("button", { name: T.more }));
      await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(4));
      const last = within(list).getAllByRole("listitem")[3];
      expect(last.querySelector(".your-rides__where")?.textContent).toBe("Station");
      // Past 7 days a ride can no longer be rated.
      expect(within(last).queryByRole("button", { name: T.rateThis })).toBeNull();
      expect(screen.queryByRole("button", { name: T.more })).toBeNull();
    });

    it("says so when there are no finished rides yet", async () => {
      await open(lang);
      fireEvent.click(await screen.findByRole("button", { name: T.yourRides }));
      expect(await screen.findByText(T.none)).toBeDefined();
    });

    it("links to the rider's standing rides beside Your rides", async () => {
      await open(lang);
      const link = await screen.findByRole("link", { name: T.standing });
      expect(link.getAttribute("href")).toBe("/greer/rider/standing");
    });
  });
}
