/**
 * The Trip planners section of the settings page in happy-dom: the feed's
 * full address (on the page's origin), the download link, and where to send
 * the address, in English and in Spanish.
 */
import { render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import AdminSettings from "../../islands/AdminSettings.tsx";
import { SAVED } from "./saved_settings.ts";
import { inLanguage } from "../helpers/in_language.tsx";
import { json, signedInTests, signIn, stubApi } from "./signed_in.ts";

vi.mock("../../components/map/MapView.tsx", () => import("./fake_map.tsx"));

signedInTests();

function setUp() {
  signIn();
  return stubApi({
    roles: ["admin"],
    routes: {
      "GET /greer/api/admin/settings": () => json({ settings: SAVED }),
      "GET /greer/api/admin/vehicles": () => json([]),
    },
  });
}

async function show(lang: "en" | "es") {
  render(inLanguage(lang, "AdminSettings", <AdminSettings tenant="greer" mapStyleUrl={null} />));
  await screen.findByRole("heading", { name: lang === "en" ? "Settings" : "Configuración" });
  return within(screen.getByRole("group", { name: lang === "en" ? "Trip planners" : "Planificadores de viajes" }));
}

describe("AdminSettings: the feed for trip planners", () => {
  it("gives the feed's full address, a download link and the three places to send it", async () => {
    setUp();
    const section = await show("en");
    const address = section.getByRole("textbox", { name: "Feed address" }) as HTMLInputElement;
    expect(address.readOnly).toBe(true);
    await waitFor(() => expect(address.value).toBe(`${location.origin}/greer/gtfs-flex.zip`));
    const link = section.getByRole("link", { name: "Download the feed" });
    expect(link.getAttribute("href")).toBe("/greer/gtfs-flex.zip");
    expect(section.getByText("To be found in trip planners, send this address to:")).toBeTruthy();
    const where = section.getAllByRole("listitem").map((li) => li.textContent);
    expect(where).toEqual([
      "the Transit app's team, which adds the feeds of services in its cities;",
      "the operators of the OpenTripPlanner servers for your region;",
      "the Mobility Database, the open catalogue of feeds where many apps find them.",
    ]);
  });

  it("says the same in Spanish", async () => {
    setUp();
    const section = await show("es");
    const address = section.getByRole("textbox", { name: "Dirección del feed" }) as HTMLInputElement;
    await waitFor(() => expect(address.value).toBe(`${location.origin}/greer/gtfs-flex.zip`));
    expect(section.getByRole("link", { name: "Descargar el feed" }).getAttribute("href")).toBe("/greer/gtfs-flex.zip");
    expect(section.getByText("Para aparecer en los planificadores de viajes, envíe esta dirección a:")).toBeTruthy();
    expect(section.getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "el equipo de la aplicación Transit, que agrega los feeds de los servicios de sus ciudades;",
      "los operadores de los servidores OpenTripPlanner de su región;",
      "la Mobility Database, el catálogo abierto de feeds donde muchas aplicaciones los encuentran.",
    ]);
  });
});
