import type { DocumentKind, ServiceCategory } from "../../../src/schema/marketplace/marketplace"

// The words the demo data is made of: UK towns with their postcode areas, trades, the jobs people ask for,
// and the reasons coordinators give. Real-sounding, but every name and number is invented (phones are in
// Ofcom's drama range, 07700 900xxx).

/** A list written as one "a | b | c" string, to keep long word lists short on the page. */
const words = (list: string): ReadonlyArray<string> => list.split(" | ")

export const TOWNS = [
  { name: "Leeds", postcode: "LS" },
  { name: "Manchester", postcode: "M" },
  { name: "Bristol", postcode: "BS" },
  { name: "Sheffield", postcode: "S" },
  { name: "Nottingham", postcode: "NG" },
  { name: "Leicester", postcode: "LE" },
  { name: "York", postcode: "YO" },
  { name: "Liverpool", postcode: "L" },
  { name: "Birmingham", postcode: "B" },
  { name: "Coventry", postcode: "CV" },
  { name: "Brighton", postcode: "BN" },
  { name: "Cardiff", postcode: "CF" },
  { name: "Newcastle", postcode: "NE" },
  { name: "Norwich", postcode: "NR" },
  { name: "Oxford", postcode: "OX" },
  { name: "Reading", postcode: "RG" },
  { name: "Bath", postcode: "BA" },
  { name: "Exeter", postcode: "EX" },
] as const

export const STREETS = words(
  "Station Road | Church Lane | Victoria Street | Park Avenue | Mill Lane | Kingsway | Queens Road | Albert Terrace | Chapel Street | Beech Grove | Orchard Close | Canal Wharf | Highfield Road | Westbourne Crescent | Market Place | Holly Bank",
)

export const SITES = words(
  "Riverside Court (24 flats) | St Anne's Primary School | Unit 4, Meadowbank Trade Park | The Old Tannery offices | Greenfields Care Home | Harbour View student residence | Northgate Medical Centre | Linden House (12 flats) | Castle Street retail parade | Brookside Community Centre | Foundry Lane warehouse | Elm Tree Nursery",
)

export const FIRST_NAMES = words(
  "Amelia | Oliver | Priya | George | Fatima | Harry | Chloe | Mohammed | Isla | Jack | Sophie | Tom | Aisha | Daniel | Grace | Kwame | Ella | Liam | Megan | Ravi | Hannah | Connor | Zara | Owen",
)

export const SURNAMES = words(
  "Smith | Patel | Jones | Taylor | Brown | Khan | Williams | Evans | Wilson | Thomas | Roberts | Walker | Wright | Hughes | Begum | Green | Hall | Wood | Clarke | Turner | Okafor | Murphy | Campbell | Kowalski",
)

export const COMPANY_PREFIXES = words(
  "Apex | Brightwater | Castlegate | Keystone | Redbrick | Oakfield | Northern | Pennine | Riverside | Thameside | Summit | Ironbridge | Harbour | Meadow | Granite | Evergreen | Clearview | Cornerstone | Ashford | Kingfisher | Heritage | Swift | Trusty | Beacon",
)

export const COMPANY_SUFFIXES = words("Ltd | & Sons | Services | & Co. | Solutions | Ltd")

export const TRADE_WORD: Readonly<Record<ServiceCategory, string>> = {
  plumbing: "Plumbing",
  electrical: "Electrical",
  heating: "Heating",
  roofing: "Roofing",
  carpentry: "Joinery",
  painting: "Decorators",
  plastering: "Plastering",
  flooring: "Flooring",
  glazing: "Glazing",
  locksmith: "Locksmiths",
  landscaping: "Landscapes",
  cleaning: "Cleaning",
  pest_control: "Pest Control",
  drainage: "Drainage",
  appliance_repair: "Appliance Repairs",
  damp_proofing: "Damp Proofing",
}

/** Trades that usually come together in one company. */
export const RELATED: Readonly<Record<ServiceCategory, ReadonlyArray<ServiceCategory>>> = {
  plumbing: ["heating", "drainage"],
  electrical: ["appliance_repair"],
  heating: ["plumbing"],
  roofing: ["carpentry", "damp_proofing"],
  carpentry: ["flooring", "painting"],
  painting: ["plastering"],
  plastering: ["painting", "damp_proofing"],
  flooring: ["carpentry"],
  glazing: ["locksmith", "carpentry"],
  locksmith: ["glazing"],
  landscaping: ["cleaning"],
  cleaning: ["pest_control"],
  pest_control: ["cleaning"],
  drainage: ["plumbing"],
  appliance_repair: ["electrical"],
  damp_proofing: ["plastering", "roofing"],
}

export const JOBS: Readonly<Record<ServiceCategory, ReadonlyArray<string>>> = {
  plumbing: words(
    "Leaking kitchen tap | Burst pipe under sink | Low water pressure in shower | Toilet cistern keeps running | Install outside tap",
  ),
  electrical: words(
    "Replace consumer unit | Sockets tripping the RCD | Install garden lighting | Fit bathroom extractor fan | EICR for rental flat",
  ),
  heating: words(
    "Boiler not firing | Annual boiler service | Radiators cold at the top | Leaking boiler | Power flush central heating",
  ),
  roofing: words(
    "Slipped roof tiles after storm | Flat roof leaking over garage | Replace guttering | Repoint chimney stack",
  ),
  carpentry: words(
    "Hang three internal doors | Build fitted wardrobe | Repair sash window frame | Fit new kitchen worktop",
  ),
  painting: words(
    "Repaint living room and hall | Exterior masonry painting | Paint sash windows | Repaint communal stairwell",
  ),
  plastering: words(
    "Skim two bedroom ceilings | Patch plaster after rewire | Render garden wall | Replaster damp-damaged wall",
  ),
  flooring: words(
    "Lay oak flooring in lounge | Replace kitchen vinyl | Sand and varnish floorboards | Carpet three bedrooms",
  ),
  glazing: words(
    "Replace misted double glazing unit | Broken shop window | Fit new uPVC back door | Repair conservatory roof panel",
  ),
  locksmith: words(
    "Locked out of flat | Change locks after tenancy | Fit British Standard mortice lock | Repair uPVC door mechanism",
  ),
  landscaping: words(
    "Lay new patio | Replace fence panels after storm | Clear overgrown garden | Turf back lawn",
  ),
  cleaning: words(
    "End of tenancy clean | Deep clean after renovation | Weekly office cleaning | Carpet and upholstery clean",
  ),
  pest_control: words(
    "Mice in loft | Wasp nest by front door | Rats under decking | Pigeon proofing on roof",
  ),
  drainage: words(
    "Blocked drain in back yard | Slow draining bath | CCTV drain survey | Collapsed drain repair",
  ),
  appliance_repair: words(
    "Washing machine not spinning | Oven not heating | Dishwasher leaking | Fridge freezer not cooling",
  ),
  damp_proofing: words(
    "Rising damp in hallway | Mould in back bedroom | Basement tanking | Damp survey before purchase",
  ),
}

/** Planned and contract work at managed sites, with the trade that does it. */
export const MAINTENANCE_JOBS: ReadonlyArray<readonly [ServiceCategory, string]> = [
  ["roofing", "Quarterly gutter clearance"],
  ["heating", "Annual gas safety checks"],
  ["electrical", "Communal lighting repairs"],
  ["carpentry", "Fire door inspection and adjustment"],
  ["painting", "Planned repaint of common areas"],
  ["heating", "Boiler room service"],
  ["drainage", "Drain jetting before winter"],
  ["pest_control", "Pest control contract visit"],
  ["cleaning", "Window cleaning rota"],
  ["electrical", "PAT testing for the office"],
  ["landscaping", "Grounds maintenance visit"],
  ["plumbing", "Legionella flush of empty flats"],
]

export const PROBLEM_DETAILS = words(
  "It started last week and is getting worse. | This has happened twice this month. | The previous contractor did not finish the job. | We would like a quote before any work starts. | There is a young child in the house, so sooner is better. | The tenant has reported it to the letting agent as well. | Photos of the problem are attached. | Happy to supply materials if that helps.",
)

export const ACCESS_NOTES = words(
  "Access via the side gate. | Weekdays after 4pm only. | Please call before arriving: dog on site. | Key safe by the front door; code given on booking. | Parking permit available at reception. | Concierge on site 8am to 6pm.",
)

export const PHOTO_NAMES = words(
  "IMG_4821.jpg | front.jpg | close-up.jpg | damage-1.jpg | damage-2.jpg | meter.png | ceiling.jpg | outside.jpg",
)

export const REQUEST_REJECTIONS = words(
  "Outside our service area. | Duplicate of an earlier request from the same customer. | Customer could not be reached to confirm the details. | Budget is far below what this work costs; customer advised to resubmit with a realistic budget. | Gas leak reported: customer referred to the National Gas Emergency line first. | No description or photos after two reminders.",
)

export const APPLICATION_REJECTIONS = words(
  "Public liability insurance certificate has expired. | Registration number does not match Companies House records. | No trade references supplied. | Duplicate application: this company is already registered. | Gas work offered without a Gas Safe registration.",
)

/** The file each required kind is sent as, when the random choice above left it out. */
export const REQUIRED_DOCUMENT_FILES: Readonly<Partial<Record<DocumentKind, string>>> = {
  registration_certificate: "certificate-of-incorporation.pdf",
  insurance: "public-liability-insurance.pdf",
  trade_licence: "trade-accreditation.pdf",
  identity: "director-passport.jpg",
  gas_safe_registration: "gas-safe-registration.pdf",
  electrical_certificate: "electrical-competence-certificate.pdf",
}

export const DOCUMENTS: ReadonlyArray<{ readonly name: string; readonly kind: DocumentKind }> = [
  { name: "certificate-of-incorporation.pdf", kind: "registration_certificate" },
  { name: "public-liability-insurance.pdf", kind: "insurance" },
  { name: "trade-accreditation.pdf", kind: "trade_licence" },
  { name: "director-passport.jpg", kind: "identity" },
  { name: "bank-letter.pdf", kind: "bank_details" },
  { name: "customer-reference.pdf", kind: "reference" },
]
