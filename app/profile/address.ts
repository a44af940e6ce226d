/**
 * Entity addresses (staff spec §5 "Entity"): the country is the US or Canada. For Canada the
 * labels become 'Province/Territory' and 'Postal Code', otherwise 'State' and 'Zip', and the
 * zip or postal code is checked against that country's format.
 */

export const COUNTRIES = [
  { value: "US", label: "United States" },
  { value: "CA", label: "Canada" },
] as const;

export type Country = (typeof COUNTRIES)[number]["value"];

export function isCountry(value: unknown): value is Country {
  return value === "US" || value === "CA";
}

/** Unknown or missing countries are treated as the US (the column's default). */
export function toCountry(value: string | null | undefined): Country {
  return value?.toUpperCase() === "CA" ? "CA" : "US";
}

export function addressLabels(country: string | null | undefined) {
  return toCountry(country) === "CA"
    ? { region: "Province/Territory", postalCode: "Postal Code", chooseRegion: "Choose a province or territory" }
    : { region: "State", postalCode: "Zip", chooseRegion: "Choose a state" };
}

export const US_STATES: Record<string, string> = {
  AL: "Alabama",
  AK: "Alaska",
  AZ: "Arizona",
  AR: "Arkansas",
  CA: "California",
  CO: "Colorado",
  CT: "Connecticut",
  DE: "Delaware",
  DC: "District of Columbia",
  FL: "Florida",
  GA: "Georgia",
  HI: "Hawaii",
  ID: "Idaho",
  IL: "Illinois",
  IN: "Indiana",
  IA: "Iowa",
  KS: "Kansas",
  KY: "Kentucky",
  LA: "Louisiana",
  ME: "Maine",
  MD: "Maryland",
  MA: "Massachusetts",
  MI: "Michigan",
  MN: "Minnesota",
  MS: "Mississippi",
  MO: "Missouri",
  MT: "Montana",
  NE: "Nebraska",
  NV: "Nevada",
  NH: "New Hampshire",
  NJ: "New Jersey",
  NM: "New Mexico",
  NY: "New York",
  NC: "North Carolina",
  ND: "North Dakota",
  OH: "Ohio",
  OK: "Oklahoma",
  OR: "Oregon",
  PA: "Pennsylvania",
  RI: "Rhode Island",
  SC: "South Carolina",
  SD: "South Dakota",
  TN: "Tennessee",
  TX: "Texas",
  UT: "Utah",
  VT: "Vermont",
  VA: "Virginia",
  WA: "Washington",
  WV: "West Virginia",
  WI: "Wisconsin",
  WY: "Wyoming",
  AS: "American Samoa",
  GU: "Guam",
  MP: "Northern Mariana Islands",
  PR: "Puerto Rico",
  VI: "U.S. Virgin Islands",
  AA: "Armed Forces Americas",
  AE: "Armed Forces Europe",
  AP: "Armed Forces Pacific",
};

export const CA_PROVINCES: Record<string, string> = {
  AB: "Alberta",
  BC: "British Columbia",
  MB: "Manitoba",
  NB: "New Brunswick",
  NL: "Newfoundland and Labrador",
  NS: "Nova Scotia",
  NT: "Northwest Territories",
  NU: "Nunavut",
  ON: "Ontario",
  PE: "Prince Edward Island",
  QC: "Quebec",
  SK: "Saskatchewan",
  YT: "Yukon",
};

export function regionsOf(country: string | null | undefined): Record<string, string> {
  return toCountry(country) === "CA" ? CA_PROVINCES : US_STATES;
}

/**
 * A state or province as its two-letter code: "or", "Oregon" and "OR" all give "OR". Returns
 * null for a value that is not one of the country's, and "" for an empty one.
 */
export function normalizeRegion(country: string | null | undefined, value: string | null | undefined): string | null {
  const text = (value ?? "").trim();
  if (!text) return "";
  const regions = regionsOf(country);
  const code = text.toUpperCase();
  if (code in regions) return code;
  const byName = Object.entries(regions).find(([, name]) => name.toLowerCase() === text.toLowerCase());
  return byName ? byName[0] : null;
}

export const POSTAL_MESSAGES = {
  US: "Zip must be 5 digits, or ZIP+4 (12345-6789)",
  CA: "Postal Code must look like A1A 1A1",
} as const;

// Canada Post: no D, F, I, O, Q or U anywhere, and no W or Z as the first letter.
const CA_POSTAL = /^([ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z])\s?(\d[ABCEGHJ-NPRSTV-Z]\d)$/;
const US_ZIP = /^(\d{5})(?:[\s-]?(\d{4}))?$/;

/**
 * The zip or postal code in its usual form ("97202", "97202-1234", "K1A 0B1"), "" when empty,
 * or null when it is not valid for the country.
 */
export function normalizePostalCode(country: string | null | undefined, value: string | null | undefined): string | null {
  const text = (value ?? "").trim().toUpperCase();
  if (!text) return "";
  if (toCountry(country) === "CA") {
    const match = CA_POSTAL.exec(text);
    return match ? `${match[1]} ${match[2]}` : null;
  }
  const match = US_ZIP.exec(text);
  return match ? (match[2] ? `${match[1]}-${match[2]}` : match[1]) : null;
}

/** The message for an invalid zip or postal code, or null. */
export function postalCodeProblem(country: string | null | undefined, value: string | null | undefined): string | null {
  return normalizePostalCode(country, value) === null ? POSTAL_MESSAGES[toCountry(country)] : null;
}
