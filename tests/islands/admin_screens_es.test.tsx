/**
 * The admin screens on a Spanish page: dashboard, trips, users and
 * schedule, with the texts components/Island.tsx gives each island. Besides
 * the texts checked one by one, every screen is searched for any English
 * catalogue text still showing (text, labels, placeholders, titles).
 */
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import type { AdminUser } from "../../components/admin/UsersTable.tsx";
import AdminDashboard from "../../islands/AdminDashboard.tsx";
import AdminSchedule from "../../islands/AdminSchedule.tsx";
import AdminTrips from "../../islands/AdminTrips.tsx";
import AdminUsers from "../../islands/AdminUsers.tsx";
import { ES, type Text } from "../../lib/i18n/catalogue.ts";
import type { Ride } from "../../lib/rides.ts";
import { toTrip } from "../../lib/trips.ts";
import { inLanguage } from "../helpers/in_language.tsx";
import { stubSockets } from "./fake_wire.ts";
import { makeRide } from "./rides_fixtures.ts";
import { json, type Route, signedInTests, signIn, stubApi } from "./signed_in.ts";

signedInTests();
beforeEach(() => stubSockets());

/** English catalogue texts (whose Spanish differs) that a person can still read or hear on the screen. */
function englishLeft(root: HTMLElement): string[] {
  const seen = new Set<string>();
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) seen.add(node.textContent!.trim());
  for (const el of root.querySelectorAll("*")) {
    for (const name of ["aria-label", "title", "placeholder", "data-label"]) {
      const value = el.getAttribute(name);
      if (value) seen.add(value.trim());
    }
    if (el instanceof HTMLOptionElement) seen.add(el.text.trim());
  }
  return [...seen].filter((text) => Object.hasOwn(ES, text) && ES[text as Text] !== text);
}

const admin = (routes: Record<string, Route>) => {
  signIn();
  return stubApi({ roles: ["admin"], routes });
};

describe("the admin dashboard in Spanish", () => {
  it("shows its heading and cards", async () => {
    admin({});
    const { container } = render(inLanguage("es", "AdminDashboard", <AdminDashboard tenant="greer" />));
    expect(await screen.findByRole("heading", { name: "Panel del administrador" })).toBeDefined();
    const cards = [...container.querySelectorAll(".dash-card")].map((c) => c.textContent);
    expect(cards).toEqual([
      "ViajesVea todos los viajes y siga su estado",
      "UsuariosVea todos los usuarios registrados y sus roles",
      "HorarioAdministre los horarios y rutas del transporte",
      "LugaresParadas y puntos de referencia que los pasajeros eligen por su nombre",
      "InformesPasajeros, esperas y horas de servicio, y el resumen mensual",
      "ConfiguraciónNombre, zona de servicio, zona horaria, contactos y color",
      "ActividadQuién cambió qué, lo más reciente primero",
    ]);
    expect(englishLeft(container)).toEqual([]);
  });

  it("words the admin guard in Spanish", async () => {
    signIn();
    stubApi({ roles: ["driver"] });
    render(inLanguage("es", "AdminDashboard", <AdminDashboard tenant="greer" />));
    expect(await screen.findByRole("heading", { name: "Acceso denegado" })).toBeDefined();
    expect(screen.getByText("No tiene permiso de administrador en esta organización.")).toBeDefined();
  });
});

describe("the trips screen in Spanish", () => {
  const NOW = Date.now();
  const waiting = makeRide({ id: "01JWAIT0000000000000000000", status: "pending", passengerCt: 1, destination: null });
  const done: Ride = makeRide({
    id: "01JDONE0000000000000000000",
    status: "completed",
    destination: "Ayuntamiento",
    passengerCt: 3,
    assignedDriverId: "driver-1",
    driverName: "Dee Driver",
    driverPhone: "8645550101",
    requestedAt: NOW - 3 * 3600_000,
    acceptedAt: NOW - 2 * 3600_000,
    completedAt: NOW - 30 * 60_000,
  });
  const counts = {
    total: 7,
    counts: { pending: 1, accepted: 2, completed: 3, canceled: 1, "no-show": 0, scheduled: 0 },
  };
  const routes = (list: Ride[]): Record<string, Route> => ({
    "GET /greer/api/admin/rides?limit=50": () => json(list.map((ride) => toTrip(ride))),
    "GET /greer/api/admin/rides?limit=50&status=no-show": () => json([]),
    "GET /greer/api/admin/rides/counts": () => json(counts),
  });

  it("shows the columns, rows, tiles, filter and count in Spanish", async () => {
    admin(routes([waiting, done]));
    const { container } = render(inLanguage("es", "AdminTrips", <AdminTrips tenant="greer" />));
    expect(await screen.findByText("Mostrando 2 de 7 viajes")).toBeDefined();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Viajes");
    expect(screen.getAllByRole("columnheader").map((h) => h.textContent)).toEqual([
      "Detalles del viaje",
      "Pasajero",
      "Conductor",
      "Estado",
      "Cronología",
      "Acciones",
    ]);
    const [first, second] = screen.getAllByRole("row").slice(1);
    expect(within(first).getByText("Viaje 01JWAIT0")).toBeDefined();
    expect(within(first).getByText("1 pasajero")).toBeDefined();
    expect(within(first).getByText("Sin conductor asignado")).toBeDefined();
    expect(first.querySelector(".status-badge")?.textContent).toBe("Pendiente");
    expect(within(second).getByText("3 pasajeros")).toBeDefined();
    expect(within(second).getByText("hace 30 minutos")).toBeDefined();
    expect(second.querySelector(".status-badge")?.textContent).toBe("Completado");
    expect([...second.querySelectorAll("dt")].map((dt) => dt.textContent)).toEqual([
      "Solicitado",
      "Aceptado",
      "Completado",
    ]);
    expect(within(first).getByRole("button", { name: "Eliminar el viaje Viaje 01JWAIT0" })).toBeDefined();
    const tiles = [...container.querySelectorAll(".stat-tile")].map((t) => t.textContent);
    expect(tiles).toEqual(["1Pendiente", "2Aceptado", "3Completado", "1Cancelado", "0No se presentó", "0Programado"]);
    const options = [...(screen.getByLabelText("Estado") as HTMLSelectElement).options].map((o) => o.text);
    expect(options).toEqual([
      "Todos los viajes",
      "Pendiente",
      "Aceptado",
      "Completado",
      "Cancelado",
      "No se presentó",
      "Programado",
    ]);
    expect(screen.getByRole("button", { name: "Actualizar" })).toBeDefined();
    expect(englishLeft(container)).toEqual([]);
  });

  it("names an empty filter's status by its Spanish label", async () => {
    admin(routes([waiting]));
    render(inLanguage("es", "AdminTrips", <AdminTrips tenant="greer" />));
    await screen.findByText("Mostrando 1 de 7 viajes");
    fireEvent.change(screen.getByLabelText("Estado"), { target: { value: "no-show" } });
    expect(await screen.findByText("No se encontraron viajes con el estado No se presentó.")).toBeDefined();
  });

  it("asks before deleting, in Spanish", async () => {
    admin(routes([waiting]));
    render(inLanguage("es", "AdminTrips", <AdminTrips tenant="greer" />));
    fireEvent.click(await screen.findByRole("button", { name: "Eliminar el viaje Viaje 01JWAIT0" }));
    const dialog = screen.getByRole("dialog", { name: "Eliminar viaje" });
    expect(within(dialog).getByText("¿Seguro que desea eliminar este viaje? Esta acción no se puede deshacer."))
      .toBeDefined();
    expect(within(dialog).getByRole("button", { name: "Cancelar" })).toBeDefined();
    expect(within(dialog).getByRole("button", { name: "Eliminar" })).toBeDefined();
    expect(englishLeft(dialog)).toEqual([]);
  });

  it("says why the trips could not load, in Spanish", async () => {
    admin({ ...routes([]), "GET /greer/api/admin/rides?limit=50": () => json({ error: "x" }, 403) });
    render(inLanguage("es", "AdminTrips", <AdminTrips tenant="greer" />));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Acceso denegado: se requieren permisos de administrador",
    );
  });
});

describe("the users screen in Spanish", () => {
  const user = (id: string, overrides: Partial<AdminUser>): AdminUser => ({
    id,
    name: null,
    email: null,
    phoneNumber: "8645550100",
    photoUrl: null,
    roles: ["rider"],
    status: null,
    createdAt: Date.UTC(2026, 10, 21, 15),
    ...overrides,
  });
  const ada = user("01ADALOVELACE000000000000", { name: "Ada Lovelace", status: "on-the-way" });
  const noName = user("01NONAME00000000000000000", { phoneNumber: "8645550143", status: "pending" });
  const dee = user("01DEEDRIVER00000000000000", { name: "Dee Driver", roles: ["driver"], status: "available" });
  const LIST = "GET /greer/api/users";

  it("shows the tiles, columns, statuses and dates in Spanish", async () => {
    admin({ [LIST]: () => json({ users: [ada, noName, dee] }) });
    const { container } = render(inLanguage("es", "AdminUsers", <AdminUsers tenant="greer" />));
    expect(await screen.findByRole("heading", { name: "Usuarios (3)" })).toBeDefined();
    expect([...container.querySelectorAll(".stat-tile")].map((t) => t.textContent)).toEqual([
      "3Total de usuarios",
      "2Pasajeros",
      "1Conductores",
      "0Administradores",
    ]);
    expect(screen.getAllByRole("columnheader").map((h) => h.textContent)).toEqual([
      "Usuario",
      "Contacto",
      "Roles",
      "Estado",
      "Se unió",
      "Acciones",
    ]);
    expect(screen.getByText("Conductor en camino")).toBeDefined();
    expect(screen.getByText("Viaje pendiente")).toBeDefined();
    expect(screen.getByText("Disponible")).toBeDefined();
    expect(screen.getByText("Usuario sin nombre")).toBeDefined();
    expect(screen.getAllByText("21 nov 2026")).toHaveLength(3);
    expect(screen.getByPlaceholderText("Nombre, teléfono o correo electrónico")).toBeDefined();
    expect(englishLeft(container)).toEqual([]);

    fireEvent.change(screen.getByLabelText("Buscar"), { target: { value: "nadie" } });
    expect(screen.getByText("Ningún usuario coincide con su búsqueda.")).toBeDefined();
  });

  it("manages roles in Spanish", async () => {
    admin({
      [LIST]: () => json({ users: [ada] }),
      [`POST /greer/api/user/${ada.id}/roles`]: () => json({ roles: ["rider", "driver"] }),
    });
    render(inLanguage("es", "AdminUsers", <AdminUsers tenant="greer" />));
    fireEvent.click(await screen.findByRole("button", { name: "Administrar los roles de Ada Lovelace" }));
    const dialog = within(screen.getByRole("dialog", { name: "Administrar roles" }));
    expect(dialog.getAllByText("No asignado")).toHaveLength(3);
    expect(dialog.getByRole("button", { name: "Agregar el rol Despachador" })).toBeDefined();
    fireEvent.click(dialog.getByRole("button", { name: "Agregar el rol Conductor" }));
    expect((await dialog.findByRole("status")).textContent).toBe("Se agregó el rol Conductor.");
    expect(englishLeft(screen.getByRole("dialog"))).toEqual([]);
  });

  it("asks a super admin before deleting a user, in Spanish", async () => {
    signIn();
    stubApi({ roles: ["super"], routes: { [LIST]: () => json({ users: [ada] }) } });
    render(inLanguage("es", "AdminUsers", <AdminUsers tenant="greer" />));
    fireEvent.click(await screen.findByRole("button", { name: "Eliminar a Ada Lovelace" }));
    const dialog = screen.getByRole("dialog", { name: "Eliminar usuario" });
    expect(dialog.textContent).toContain("¿Seguro que desea eliminar a Ada Lovelace ((864) 555-0100)? Saldrá de esta");
    expect(within(dialog).getByText("Esta acción no se puede deshacer.")).toBeDefined();
    expect(englishLeft(dialog)).toEqual([]);
  });

  it("words the admin-role refusal in Spanish from the server's Spanish", async () => {
    admin({
      [LIST]: () => json({ users: [ada] }),
      [`POST /greer/api/user/${ada.id}/roles`]: () =>
        json({ error: "Solo los superadministradores pueden asignar roles de administrador" }, 403),
    });
    render(inLanguage("es", "AdminUsers", <AdminUsers tenant="greer" />));
    fireEvent.click(await screen.findByRole("button", { name: "Administrar los roles de Ada Lovelace" }));
    const dialog = within(screen.getByRole("dialog"));
    fireEvent.click(dialog.getByRole("button", { name: "Agregar el rol Administrador" }));
    expect((await dialog.findByRole("alert")).textContent).toBe(
      "Solo los superadministradores pueden asignar roles de administrador",
    );
  });
});

describe("the schedule editor in Spanish", () => {
  const slot = (start: string, end: string) => ({ start, end });
  const GET = "GET /greer/api/schedule";
  const PUT = "PUT /greer/api/admin/schedule";
  const stored = { "1": [slot("07:00", "19:00")], "2": [slot("07:00", "11:00"), slot("13:00", "19:00")] };

  it("shows the days, slots, rules and preview in Spanish, and saves", async () => {
    admin({
      [GET]: () => json({ schedule: stored, closedDates: ["2026-12-25"] }),
      [PUT]: () => json({ schedule: stored }),
    });
    const { container } = render(inLanguage("es", "AdminSchedule", <AdminSchedule tenant="greer" />));
    expect(await screen.findByRole("heading", { name: "Domingo" })).toBeDefined();
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent).slice(0, 7)).toEqual([
      "Domingo",
      "Lunes",
      "Martes",
      "Miércoles",
      "Jueves",
      "Viernes",
      "Sábado",
    ]);
    expect(screen.getAllByText("Sin franjas horarias")).toHaveLength(5);
    const end = screen.getByLabelText("Lunes, franja 1: hora de fin") as HTMLInputElement;
    expect(end.value).toBe("19:00");
    expect(screen.getByRole("button", { name: "Quitar Martes, franja 2" })).toBeDefined();
    expect(screen.getByRole("button", { name: "Agregar una franja horaria al Domingo" })).toBeDefined();
    const preview = screen.getByRole("region", { name: "Lo que ven los pasajeros" });
    expect(within(preview).getByText("7:00 a. m. – 11:00 a. m.")).toBeDefined();
    const closed = screen.getByRole("region", { name: "Días cerrados" });
    expect(within(closed).getByText("viernes, 25 de diciembre")).toBeDefined();
    expect(within(closed).getByRole("button", { name: "Quitar viernes, 25 de diciembre" })).toBeDefined();
    expect(englishLeft(container)).toEqual([]);

    fireEvent.change(end, { target: { value: "06:00" } });
    expect(screen.getByText("Lunes, franja 1: la hora de fin (06:00) debe ser posterior a la hora de inicio (07:00)"))
      .toBeDefined();
    expect(screen.getByText("Se muestra cuando todas las franjas son válidas.")).toBeDefined();
    fireEvent.click(screen.getByRole("button", { name: "Guardar horario" }));
    expect(screen.getByText("Corrija los problemas marcados arriba antes de guardar.")).toBeDefined();

    fireEvent.change(end, { target: { value: "19:00" } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar horario" }));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("¡El horario se guardó correctamente!"));
  });

  it("says the saved schedule could not be loaded, in Spanish", async () => {
    admin({ [GET]: () => json({ error: "boom" }, 500) });
    render(inLanguage("es", "AdminSchedule", <AdminSchedule tenant="greer" />));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "No se pudo cargar el horario guardado, así que todos los días aparecen vacíos. Si guarda, lo reemplazará.",
    );
  });
});
