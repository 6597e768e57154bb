/**
 * The simulator's registry: the demo citizens (the sandbox's documented people, so that the
 * same IDs tell the same story with a test key and through the local gateway), plus the records
 * that tests and the benchmark add at run time.
 */
export type GatewayRecord = {
  nin: string;
  status: string;
  person: { givenName: string; fatherName: string; grandfatherName: string; familyName: string | null; dateOfBirth: string; sex: string };
  card: { serialNumber: string; issueDate: string; expiryDate: string };
};

const person = (names: string, dateOfBirth: string, sex: string): GatewayRecord["person"] => {
  const [givenName, fatherName, grandfatherName, familyName] = names.split(" ");
  return { givenName: givenName!, fatherName: fatherName!, grandfatherName: grandfatherName!, familyName: familyName ?? null, dateOfBirth, sex };
};

export const DEMO_CITIZENS: GatewayRecord[] = [
  { nin: "11111111111", status: "ACTIVE", person: person("Amina Hassan Abdi", "1990-04-12", "F"), card: { serialNumber: "SO0000001", issueDate: "2019-06-01", expiryDate: "2029-05-31" } },
  { nin: "33333333333", status: "ACTIVE", person: person("Hodan Farah Jama", "1985-02-03", "F"), card: { serialNumber: "SO0000003", issueDate: "2013-03-10", expiryDate: "2023-03-09" } },
  { nin: "44444444444", status: "REVOKED", person: person("Yusuf Omar Aden", "1978-11-20", "M"), card: { serialNumber: "SO0000004", issueDate: "2020-01-15", expiryDate: "2030-01-14" } },
  { nin: "12121212121", status: "DECEASED", person: person("Ismail Nur Dahir", "1941-07-07", "M"), card: { serialNumber: "SO0000012", issueDate: "2018-05-05", expiryDate: "2028-05-04" } },
  { nin: "10101010101", status: "ACTIVE", person: person("Faadumo Cali Xirsi Warsame", "1990-04-12", "F"), card: { serialNumber: "SO0012345", issueDate: "2024-01-15", expiryDate: "2034-01-14" } },
];

/** An ACTIVE citizen made from the NIN (the benchmark's lever `generateUnknown`): same NIN, same person. */
export function generatedCitizen(nin: string): GatewayRecord {
  const n = Number(nin.slice(-4));
  return {
    nin,
    status: "ACTIVE",
    person: person(`Amina Hassan Abdi${n % 2 ? " Warsame" : ""}`, `19${60 + (n % 40)}-0${1 + (n % 9)}-1${n % 10}`, n % 2 ? "F" : "M"),
    card: { serialNumber: `SO${nin.slice(-7)}`, issueDate: "2022-01-01", expiryDate: "2032-01-01" },
  };
}
