/**
 * Spanish for the reports pages: /{t}/admin/reports and its
 * monthly summary (islands/AdminReports.tsx, components/reports/). Keys are
 * the English texts, word for word; measures as the NTD's Spanish material
 * names them.
 */
import type { Entry } from "../format.ts";

export const reports = {
  // The island: heading, loading, print (islands/AdminReports.tsx).
  "Reports": "Informes",
  "Monthly summary": "Resumen mensual",
  "All reports": "Todos los informes",
  "Print": "Imprimir",
  "Loading the report...": "Cargando el informe...",
  "The report could not be loaded.": "No se pudo cargar el informe.",

  // The range (components/reports/ReportView.tsx, lib/report_dates.ts).
  "Ranges": "Períodos",
  "This week": "Esta semana",
  "Last week": "La semana pasada",
  "This month": "Este mes",
  "Last month": "El mes pasado",
  "From": "Desde",
  "To": "Hasta",
  "Show report": "Ver informe",
  "Days are counted in {zone} time; weeks start on Monday.":
    "Los días se cuentan en la hora de {zone}; las semanas empiezan el lunes.",
  "No rides were requested in this range.": "No se solicitaron viajes en este período.",
  "YYYY-MM": "AAAA-MM",

  // A month refused (lib/report_dates.ts checkMonth); a range's refusals are in errors.ts with the API's.
  "month must be a month written YYYY-MM": "month debe ser un mes escrito AAAA-MM",

  // The figures (components/reports/FigureTiles.tsx).
  "No data": "Sin datos",
  "{count} min": "{count} min",
  "Rides": "Viajes",
  "Rides requested": "Viajes solicitados",
  "Completion rate": "Tasa de viajes completados",
  "Canceled by the rider": "Cancelados por el pasajero",
  "Canceled by a driver or admin": "Cancelados por un conductor o administrador",
  "No-shows": "No presentados",
  "Waiting and riding": "Espera y viaje",
  "Median wait": "Espera mediana",
  "Wait, 90th percentile": "Espera, percentil 90",
  "Median time to accept": "Tiempo mediano hasta aceptar",
  "Median ride time": "Duración mediana del viaje",
  "Service": "Servicio",
  "Passengers carried": "Pasajeros transportados",
  "Vehicle revenue hours": "Horas de servicio de vehículos",
  "Vehicle revenue miles": "Millas de servicio de vehículos",
  "Passengers per vehicle hour": "Pasajeros por hora de vehículo",
  "Shared rides": "Viajes compartidos",
  "Completed rides in a vehicle, on the day of their pickup. On time: picked up within {minutes} minutes of the request or of the booked time.":
    "Viajes completados en un vehículo, el día de su recogida. A tiempo: recogido en {minutes} minutos o menos desde la solicitud o la hora reservada.",
  "Rides in a vehicle": "Viajes en un vehículo",
  "Rides shared": "Viajes compartidos con otros pasajeros",
  "Riders per vehicle trip": "Pasajeros por recorrido del vehículo",
  "Average detour (time aboard ÷ direct time)": "Desvío medio (tiempo a bordo ÷ tiempo directo)",
  "On-time pickups": "Recogidas a tiempo",
  "Vehicle hours with riders": "Horas de vehículo con pasajeros",
  "Vehicle hours without riders": "Horas de vehículo sin pasajeros",

  // The charts and tables (components/reports/ReportCharts.tsx, DayBars.tsx, HourHeatMap.tsx).
  "Rides per day": "Viajes por día",
  "Show the numbers": "Ver las cifras",
  "Day": "Día",
  "Requests by weekday and hour": "Solicitudes por día de la semana y hora",
  "Fewer": "Menos",
  "More": "Más",
  "Hour": "Hora",
  "Drivers": "Conductores",
  "Driver": "Conductor",
  "Rides completed": "Viajes completados",
  "Rating": "Calificación",
  "Unnamed driver": "Conductor sin nombre",
  "Not rated": "Sin calificar",
  "No driver completed a ride in this range.": "Ningún conductor completó un viaje en este período.",
  "Busiest pickups": "Recogidas más frecuentes",
  "Pickup": "Recogida",
  "Requests": "Solicitudes",
  "Pins near {lat}, {lng}": "Puntos cerca de {lat}, {lng}",
  "No pickups in this range.": "No hubo recogidas en este período.",

  // The way to the monthly summary, and the summary (components/reports/MonthlySummary.tsx).
  "The month's figures for the National Transit Database and your funders, on one printable page.":
    "Las cifras del mes para la National Transit Database y quienes financian el servicio, en una página para imprimir.",
  "Month": "Mes",
  "Open the monthly summary": "Abrir el resumen mensual",
  "Show month": "Ver mes",
  "Demand response, {month}": "Servicio a demanda, {month}",
  "{from} to {to}, days in {zone} time. Prepared on {today}.":
    "Del {from} al {to}, días en la hora de {zone}. Preparado el {today}.",
  "No rides were requested in this month.": "No se solicitaron viajes en este mes.",
  "Measure": "Medida",
  "Value": "Valor",
  "Unlinked passenger trips": "Viajes de pasajeros no vinculados",
  "Passengers carried on completed rides": "Pasajeros transportados en viajes completados",
  "Hours drivers were online and available": "Horas en que los conductores estuvieron conectados y disponibles",
  "Miles driven while online": "Millas recorridas mientras estaban conectados",
  "Days with service": "Días con servicio",
  "Days with at least one completed ride": "Días con al menos un viaje completado",
  "Rides that reached the destination": "Viajes que llegaron a su destino",
  "The rider was not at the pickup": "El pasajero no estaba en el punto de recogida",
  "Cancellations": "Cancelaciones",
  "By riders, drivers or admins": "Por pasajeros, conductores o administradores",
  "Unlinked passenger trips over vehicle revenue hours":
    "Viajes de pasajeros no vinculados entre horas de servicio de vehículos",
  "From the request, or the booked time, to the driver's arrival":
    "Desde la solicitud, o la hora reservada, hasta la llegada del conductor",
  "Figures from Hopper's ride records. Rides count on the day they were requested.":
    "Cifras de los registros de viajes de Hopper. Cada viaje cuenta el día en que se solicitó.",
} as const satisfies Record<string, Entry>;
