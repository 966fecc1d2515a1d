// Word lists for realistic Dutch demo data. Content is data (shown as-is in the portal), so it is
// Dutch like the fleets it imitates; nothing here is a UI label.

export const mechanicNames = [
  'Jan de Vries',
  'Fatima El Amrani',
  'Kees van Dijk',
  'Mehmet Yılmaz',
  'Ruud Jansen',
  'Sanne Bos',
  'Dennis Kramer',
  'Youssef Bakkali',
  'Henk Smit',
  'Lotte Meijer',
] as const;

export const operatorNames = [
  'Anouk de Graaf',
  'Bram Willems',
  'Samira Haddou',
  'Tim Verhoeven',
  'Esther van Leeuwen',
  'Niels Dekker',
] as const;

export const inspectorNames = [
  'ing. R. Bosman',
  'ing. M. Koster',
  'A. Yıldız',
  'ing. P. van der Linden',
  'J. Hoekstra',
  'ing. S. Rutten',
] as const;

export const adviserNames = ['K. Brouwer (Liftadvies Midden)', 'E. Vermeulen (Liftadvies Midden)'] as const;

export const inspectionBodies = [
  ['Liftinstituut', 50],
  ['Aboma', 20],
  ['TÜV Nederland', 18],
  ['Kiwa', 12],
] as const;

export interface CityInfo {
  name: string;
  /** First and last 4-digit postal area of the city. */
  postalRange: readonly [number, number];
  /** Area code for landline alarm-phone numbers. */
  areaCode: string;
  streets: readonly string[];
}

export const cities: Record<string, CityInfo> = {
  Utrecht: {
    name: 'Utrecht',
    postalRange: [3511, 3585],
    areaCode: '030',
    streets: [
      'Biltstraat',
      'Amsterdamsestraatweg',
      'Oudegracht',
      'Vleutenseweg',
      'Kanaalweg',
      'Croeselaan',
      'Europalaan',
      'Briljantlaan',
      'Zonstraat',
      'Kardinaal de Jongweg',
      'Marnixlaan',
      'Burgemeester Reigerstraat',
      'Nachtegaalstraat',
      'Lessinglaan',
      'Gageldijk',
      'Winklerlaan',
      'Vasco da Gamalaan',
      'Zamenhofdreef',
      'Hooft Graaflandstraat',
      'Oranjeboomstraat',
      'Columbusweg',
      'Verlengde Hoogravenseweg',
    ],
  },
  Amersfoort: {
    name: 'Amersfoort',
    postalRange: [3811, 3829],
    areaCode: '033',
    streets: [
      'Stationsplein',
      'Utrechtseweg',
      'Leusderweg',
      'Hogeweg',
      'Kapelweg',
      'Van Randwijcklaan',
      'Hooglandseweg',
      'Neptunusplein',
      'Ringweg Randenbroek',
      'Emiclaerseweg',
    ],
  },
  Nieuwegein: {
    name: 'Nieuwegein',
    postalRange: [3430, 3439],
    areaCode: '030',
    streets: [
      'Raadstede',
      'Martinus Nijhofflaan',
      'Zuilenstein',
      'Structuurbaan',
      'Wiersdijk',
      'Herenstraat',
      'Batauweg',
      'Dukatenburg',
    ],
  },
  Zeist: {
    name: 'Zeist',
    postalRange: [3701, 3709],
    areaCode: '030',
    streets: ['Slotlaan', 'Utrechtseweg', 'Steynlaan', 'Laan van Vollenhove', 'Thorbeckelaan', 'Woudenbergseweg'],
  },
  Houten: {
    name: 'Houten',
    postalRange: [3991, 3997],
    areaCode: '030',
    streets: ['Het Rond', 'Plein', 'Meidoornstraat', 'Koppeling', 'Lupinestraat', 'Odijkerweg'],
  },
  Maarssen: {
    name: 'Maarssen',
    postalRange: [3601, 3608],
    areaCode: '0346',
    streets: ['Bisonspoor', 'Planetenbaan', 'Binnenweg', 'Troelstralaan', 'Safariweg'],
  },
  IJsselstein: {
    name: 'IJsselstein',
    postalRange: [3401, 3404],
    areaCode: '030',
    streets: ['Overtoom', 'Eiteren', 'Benschopperstraat', 'Achtersloot'],
  },
  Bilthoven: {
    name: 'Bilthoven',
    postalRange: [3721, 3723],
    areaCode: '030',
    streets: ['Julianalaan', 'Soestdijkseweg Zuid', 'Emmaplein', 'Planetenlaan'],
  },
};

export type BuildingKind = 'residential' | 'senior' | 'care' | 'office' | 'library' | 'sports' | 'parking' | 'culture';

/** Building name prefixes per kind; each combines with a name from `buildingNames`. */
export const buildingPrefixes: Record<BuildingKind, readonly string[]> = {
  residential: ['Residentie', 'Wooncomplex', 'Flat', 'Appartementencomplex', 'Woongebouw'],
  senior: ['Seniorenflat', 'Serviceflat', 'Woonzorgcomplex'],
  care: ['Zorgcentrum', 'Verpleeghuis', 'Woonzorgcentrum', 'Gezondheidscentrum'],
  office: ['Stadskantoor', 'Wijkbureau', 'Kantoorgebouw', 'Servicepunt'],
  library: ['Bibliotheek'],
  sports: ['Sportcentrum', 'Zwembad', 'Sporthal'],
  parking: ['Parkeergarage'],
  culture: ['Wijkcentrum', 'Cultuurhuis', 'Muziekcentrum'],
};

export const buildingNames = [
  'De Linde',
  'Het Baken',
  'De Kastanje',
  'Vechtzicht',
  'De Eik',
  'Het Kwadrant',
  'De Wetering',
  'Parkzicht',
  'De Hoge Weide',
  'Het Zonnehuis',
  'De Akker',
  'Oostertoren',
  'De Bongerd',
  'Het Anker',
  'De Singel',
  'Lunetten',
  'Overvecht',
  'Kanaleneiland',
  'De Tuinen',
  'Rijnhoven',
  'De Meern',
  'Het Lichtpunt',
  'De Plantage',
  'Zuilen',
  'De Schakel',
  'Het Hart',
  'De Vaart',
  'Leidsche Rijn',
  'De Regenboog',
  'Hoograven',
  'De Hofstede',
  'Het Wilgenhof',
  'Nieuw Welgelegen',
  'De Dreef',
  'De Uithof',
  'Het Spoor',
] as const;

/** Lift names per building kind and lift count: the n-th entry names the n-th lift. */
export function liftNamesFor(kind: BuildingKind, count: number): readonly string[] {
  if (count === 1) {
    const single: Record<BuildingKind, string> = {
      residential: 'Personenlift',
      senior: 'Lift Hoofdentree',
      care: 'Lift A Hoofdentree',
      office: 'Lift Hoofdentree',
      library: 'Publiekslift',
      sports: 'Lift Kleedkamers',
      parking: 'Lift Parkeergarage',
      culture: 'Personenlift',
    };
    return [single[kind]];
  }
  const names: Record<BuildingKind, readonly string[]> = {
    residential: ['Personenlift Oost', 'Personenlift West', 'Lift C Achteringang'],
    senior: ['Lift A Hoofdentree', 'Lift B Hoofdentree', 'Lift C Tuinzijde'],
    care: ['Lift A Hoofdentree', 'Beddenlift', 'Goederenlift', 'Lift B Oostvleugel'],
    office: ['Lift A Hoofdentree', 'Lift B Hoofdentree', 'Goederenlift', 'Lift C Parkeerdek'],
    library: ['Publiekslift', 'Goederenlift', 'Lift Magazijn'],
    sports: ['Lift Kleedkamers', 'Goederenlift', 'Lift Tribune'],
    parking: ['Lift Parkeergarage Noord', 'Lift Parkeergarage Zuid', 'Lift Parkeergarage Oost'],
    culture: ['Personenlift', 'Podiumlift', 'Goederenlift'],
  };
  return names[kind].slice(0, count);
}

export const manufacturers = [
  ['KONE', 26],
  ['Schindler', 22],
  ['Otis', 16],
  ['TK Elevator', 14],
  ['Orona', 8],
  ['Kleemann', 6],
  ['Coenen Liften', 5],
  ['Doppler', 3],
] as const;

export const maintenanceRemarks = [
  'Periodiek onderhoud uitgevoerd volgens onderhoudsschema.',
  'Deuren afgesteld en deurgeleiders gereinigd.',
  'Kooigeleiders gesmeerd, remmen gecontroleerd.',
  'Putschakelaar en noodstop getest, in orde.',
  'Kabels geïnspecteerd, lichte slijtage genoteerd voor volgende beurt.',
  'Noodverlichting kooi getest en accu gecontroleerd.',
  'Vloerniveau bijgesteld op alle verdiepingen.',
  'Machinekamer schoongemaakt, olieniveau aandrijving in orde.',
  'Deurcontacten gereinigd, lichtgordijn vervangen.',
  'Noodtelefoon getest met meldkamer, verbinding goed.',
] as const;

export const failureRemarks = [
  'Lift stond stil tussen verdiepingen, deurcontact vervuild. Gereinigd en getest.',
  'Storing deurmotor: zekering vervangen, lift weer vrijgegeven.',
  'Lift weigerde te starten na spanningsdip, besturing gereset.',
  'Schachtdeur 2e verdieping sloot niet, vergrendeling afgesteld.',
  'Storing veiligheidscircuit, defecte eindschakelaar vervangen.',
  'Vandalisme aan bedieningspaneel, drukknop vervangen.',
  'Kooi bleef buiten deurzone staan, vloerniveau-sensor afgesteld.',
  'Onderdeel besteld, lift tijdelijk buiten dienst gesteld.',
] as const;

export const longRepairRemarks = [
  'Aandrijfmotor vervangen, lift na proefdraaien vrijgegeven.',
  'Frequentieregelaar defect, nieuw exemplaar geplaatst en ingeregeld.',
  'Waterschade in put na hevige regen, put drooggemaakt en componenten vervangen.',
  'Hoofdkabels vervangen na afkeur, lift opnieuw afgesteld.',
  'Besturingskast vervangen (modernisering), opnieuw in bedrijf gesteld.',
] as const;

export const intercomRepairRemarks: Record<'speaker' | 'microphone' | 'battery', string> = {
  speaker: 'Luidspreker noodtelefoon vervangen, testoproep geslaagd.',
  microphone: 'Microfoon noodtelefoon vervangen, testoproep geslaagd.',
  battery: 'Accu noodtelefoon vervangen, testoproep geslaagd.',
};

export const otherVisitRemarks = [
  'Opname ten behoeve van moderniseringsplan.',
  'Begeleiding schilderwerk in de schacht.',
  'Meting geluidsniveau aandrijving op verzoek van bewoners.',
  'Vervanging kooiverlichting door LED.',
  'Overleg met beheerder over toegang machinekamer.',
] as const;

export const checkRemarks = [
  'Tussentijdse controle door liftadviseur, geen bijzonderheden.',
  'Controle na melding bewoner, geen gebreken gevonden.',
  'Risicoanalyse uitgevoerd, advies: deurlichtgordijn vervangen.',
] as const;

export const rejectionRemarks = [
  'Afgekeurd: noodrem voldoet niet, herkeuring vereist.',
  'Afgekeurd: ontbrekende putverlichting en beschadigde schachtdeur.',
  'Afgekeurd: noodtelefoon niet verbonden met meldkamer.',
  'Afgekeurd: kabelslijtage boven afkeurnorm.',
] as const;

export const entrapmentNotes = [
  'Persoon opgesloten, monteur gealarmeerd en binnen 30 minuten ter plaatse.',
  'Twee personen opgesloten tussen verdiepingen, bevrijd door monteur.',
  'Bewoner opgesloten, rustig gehouden via spreek-luisterverbinding tot bevrijding.',
  'Opsluiting na stroomstoring, monteur heeft kooi handmatig naar verdieping gebracht.',
] as const;

export const falseAlarmNotes = [
  'Alarmknop per ongeluk ingedrukt door kind.',
  'Geen reactie in de kooi, lift in orde bevonden.',
  'Alarmknop ingedrukt tijdens schoonmaak.',
  'Bewoner drukte per ongeluk op alarm in plaats van deuropenknop.',
] as const;

export const otherCallNotes = [
  'Bewoner meldt vreemd geluid in de schacht, monteur ingepland.',
  'Vraag over buitendienststelling tijdens verhuizing.',
  'Melding dat kooiverlichting flikkert.',
  'Beheerder test spreek-luisterverbinding na werkzaamheden.',
] as const;
