/** The live Exhibition's hours as the spec states them (Roman hours: 11:00 to 19:00, Eastern). */
export const HOUSE_HOURS = "XI:00 - XIX:00 EST";
