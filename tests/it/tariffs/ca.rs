//! Customs Tariff of Canada, Most-Favoured-Nation Tariff: MFN rates of tariff items pinned by
//! hand from the CBSA Customs Tariff T2026 revision 3 as CSV (SAIL-Engineering/tariff-rate-tracker
//! @ ac5225f, data/ca_tariff_source/ca_tariff_2026_rev_3.csv), each read from its row (the MFN
//! column, the 10th field) by a reader other than the one who transcribed the table's source rows.

use super::Pin;

/// Each `row` is the official file's row (tariff item | description | MFN as printed | row_id),
/// abridged.
pub const PINS: &[Pin] = &[
    // 04 dairy, page 12
    Pin {
        code: "04021010",
        mfn: "0.0332 CAD/kg",
        row: "0402.10.10 | Within access commitment | 3.32 ¢/kg | row_id 27978",
    },
    Pin {
        code: "04022122",
        mfn: "295.5% min 4.29 CAD/kg",
        row: "0402.21.22 | Over access commitment | 295.5 % but not less than $4.29/kg | row_id 27992",
    },
    Pin {
        code: "04029120",
        mfn: "259% min 0.789 CAD/kg",
        row: "0402.91.20 | Over access commitment | 259 % but not less than 78.9 ¢/kg | row_id 28009",
    },
    Pin {
        code: "04032021",
        mfn: "6.5%",
        row: "0403.20.21 | Containing chocolate, spices, coffee or coffee extracts, ... not put up for retail sale | 6.5 % | row_id 28027",
    },
    // 07 vegetables, page 20
    Pin {
        code: "07123490",
        mfn: "6%",
        row: "0712.34.90 | Other | 6 % | row_id 28789",
    },
    Pin {
        code: "07131010",
        mfn: "5.5%",
        row: "0713.10.10 | Seed, in packages of a weight not exceeding 500 g each | 5.5 % | row_id 28805",
    },
    Pin {
        code: "07133200",
        mfn: "2%",
        row: "0713.32.00 | Small red (Adzuki) beans (Phaseolus or Vigna angularis) | 2 % | row_id 28827",
    },
    Pin {
        code: "07134000",
        mfn: "0%",
        row: "0713.40.00 | Lentils | Free | row_id 28844",
    },
    // 09 coffee/tea/spices, page 24
    Pin {
        code: "09041290",
        mfn: "3%",
        row: "0904.12.90 | Other | 3 % | row_id 29261",
    },
    Pin {
        code: "09102000",
        mfn: "0%",
        row: "0910.20.00 | Saffron | Free | row_id 29326",
    },
    Pin {
        code: "10011120",
        mfn: "49%",
        row: "1001.11.20 | Over access commitment | 49 % | row_id 29340",
    },
    // 19 bakery, page 39
    Pin {
        code: "19051072",
        mfn: "0.1351 CAD/kg + 6%",
        row: "1905.10.72 | Containing 25% or more by weight of wheat, over access commitment | 13.51 ¢/kg plus 6 % | row_id 30758",
    },
    Pin {
        code: "19051079",
        mfn: "4.5%",
        row: "1905.10.79 | Other | 4.5 % | row_id 30760",
    },
    Pin {
        code: "19054039",
        mfn: "0.1351 CAD/kg",
        row: "1905.40.39 | Other | 13.51 ¢/kg | row_id 30806",
    },
    Pin {
        code: "19054069",
        mfn: "0.1351 CAD/kg + 7.5%",
        row: "1905.40.69 | Other | 13.51 ¢/kg plus 7.5 % | row_id 30815",
    },
    // 22 wine, page 46
    Pin {
        code: "22042222",
        mfn: "0%",
        row: "2204.22.22 | Of an alcoholic strength by volume exceeding 14.9% vol but not exceeding 15.9% vol | Free | row_id 31435",
    },
    Pin {
        code: "22042910",
        mfn: "0%",
        row: "2204.29.10 | Wine, of an alcoholic strength by volume not exceeding 13.7% vol | Free | row_id 31460",
    },
    Pin {
        code: "22051010",
        mfn: "0%",
        row: "2205.10.10 | Of an alcoholic strength by volume not exceeding 18.3% vol | Free | row_id 31498",
    },
    // 33 cosmetics / 34 soap, page 78
    Pin {
        code: "33061000",
        mfn: "6.5%",
        row: "3306.10.00 | Dentifrices | 6.5 % | row_id 34351",
    },
    Pin {
        code: "33062000",
        mfn: "8%",
        row: "3306.20.00 | Yarn used to clean between the teeth (dental floss) | 8 % | row_id 34355",
    },
    Pin {
        code: "34011110",
        mfn: "0%",
        row: "3401.11.10 | Castile soap | Free | row_id 34378",
    },
    Pin {
        code: "34012010",
        mfn: "2.5%",
        row: "3401.20.10 | Laundry soap for washing clothes and other linens | 2.5 % | row_id 34386",
    },
    // 39 plastics / 40 rubber, page 92
    Pin {
        code: "39269020",
        mfn: "6.5%",
        row: "3926.90.20 | Door mats | 6.5 % | row_id 35728",
    },
    Pin {
        code: "39269050",
        mfn: "0%",
        row: "3926.90.50 | Identification tags for animals | Free | row_id 35732",
    },
    Pin {
        code: "40022000",
        mfn: "0%",
        row: "4002.20.00 | Butadiene rubber (BR) | Free | row_id 35772",
    },
    // 42 leather articles / 43 furskins, page 98
    Pin {
        code: "42032990",
        mfn: "15.5%",
        row: "4203.29.90 | Other | 15.5 % | row_id 36265",
    },
    Pin {
        code: "42033000",
        mfn: "9.5%",
        row: "4203.30.00 | Belts and bandoliers | 9.5 % | row_id 36270",
    },
    Pin {
        code: "42060010",
        mfn: "0%",
        row: "4206.00.10 | Catgut | Free | row_id 36277",
    },
    Pin {
        code: "43031020",
        mfn: "14%",
        row: "4303.10.20 | Leather garments lined with furskin | 14 % | row_id 36321",
    },
    // 44 wood / 46 plaiting, page 103
    Pin {
        code: "44191200",
        mfn: "6%",
        row: "4419.12.00 | Chopsticks | 6 % | row_id 36884",
    },
    Pin {
        code: "44209000",
        mfn: "7%",
        row: "4420.90.00 | Other | 7 % | row_id 36904",
    },
    Pin {
        code: "44212000",
        mfn: "9.5%",
        row: "4421.20.00 | Coffins | 9.5 % | row_id 36911",
    },
    Pin {
        code: "46019210",
        mfn: "2.5%",
        row: "4601.92.10 | Plaits and similar products of plaiting materials, whether or not assembled into strips | 2.5 % | row_id 36966",
    },
    // 61 knitted apparel, page 127
    Pin {
        code: "61043100",
        mfn: "18%",
        row: "6104.31.00 | Of wool or fine animal hair | 18 % | row_id 40079",
    },
    Pin {
        code: "61051000",
        mfn: "18%",
        row: "6105.10.00 | Of cotton | 18 % | row_id 40137",
    },
    Pin {
        code: "61072200",
        mfn: "18%",
        row: "6107.22.00 | Of man-made fibres | 18 % | row_id 40170",
    },
    // 62 apparel, page 131
    Pin {
        code: "62043910",
        mfn: "17%",
        row: "6204.39.10 | Of artificial fibres | 17 % | row_id 40612",
    },
    Pin {
        code: "62044900",
        mfn: "16%",
        row: "6204.49.00 | Of other textile materials | 16 % | row_id 40625",
    },
    Pin {
        code: "62064000",
        mfn: "18%",
        row: "6206.40.00 | Of man-made fibres | 18 % | row_id 40677",
    },
    // 64 footwear, page 136
    Pin {
        code: "64029910",
        mfn: "17.5%",
        row: "6402.99.10 | Incorporating a protective metal toe-cap | 17.5 % | row_id 41137",
    },
    Pin {
        code: "64031200",
        mfn: "0%",
        row: "6403.12.00 | Ski-boots, cross-country ski footwear and snowboard boots | Free | row_id 41147",
    },
    Pin {
        code: "64035920",
        mfn: "11%",
        row: "6403.59.20 | Other women's footwear, valued at $30 or more per pair | 11 % | row_id 41178",
    },
    Pin {
        code: "64041111",
        mfn: "16%",
        row: "6404.11.11 | Hiking footwear | 16 % | row_id 41207",
    },
    // 64 footwear, page 137
    Pin {
        code: "64061091",
        mfn: "8%",
        row: "6406.10.91 | Of leather or imitation leather, ... women's cement lasted footwear | 8 % | row_id 41260",
    },
    Pin {
        code: "64069090",
        mfn: "5%",
        row: "6406.90.90 | Other | 5 % | row_id 41273",
    },
    Pin {
        code: "65040090",
        mfn: "12.5%",
        row: "6504.00.90 | Other | 12.5 % | row_id 41282",
    },
    Pin {
        code: "65050010",
        mfn: "15.5%",
        row: "6505.00.10 | Hair-nets | 15.5 % | row_id 41285",
    },
    // 69 ceramics, page 141
    Pin {
        code: "69091100",
        mfn: "4.5%",
        row: "6909.11.00 | Of porcelain or china | 4.5 % | row_id 41619",
    },
    Pin {
        code: "69101010",
        mfn: "7.5%",
        row: "6910.10.10 | Water closet pans (toilet bowls) and flushing cisterns ... | 7.5 % | row_id 41636",
    },
    Pin {
        code: "69120090",
        mfn: "7%",
        row: "6912.00.90 | Other | 7 % | row_id 41663",
    },
    Pin {
        code: "69131000",
        mfn: "6.5%",
        row: "6913.10.00 | Of porcelain or china | 6.5 % | row_id 41668",
    },
    // 71 jewellery, page 145
    Pin {
        code: "71081200",
        mfn: "0%",
        row: "7108.12.00 | Other unwrought forms | Free | row_id 42091",
    },
    Pin {
        code: "71131190",
        mfn: "8.5%",
        row: "7113.11.90 | Other | 8.5 % | row_id 42144",
    },
    Pin {
        code: "71131990",
        mfn: "6.5%",
        row: "7113.19.90 | Other | 6.5 % | row_id 42149",
    },
    Pin {
        code: "71141100",
        mfn: "5.5%",
        row: "7114.11.00 | Of silver, whether or not plated or clad with other precious metal | 5.5 % | row_id 42158",
    },
    // 85 telephones, page 199
    Pin {
        code: "85181000",
        mfn: "0%",
        row: "8518.10.00 | Microphones and stands therefor | Free | row_id 47580",
    },
    Pin {
        code: "85192090",
        mfn: "5%",
        row: "8519.20.90 | Other | 5 % | row_id 47628",
    },
    Pin {
        code: "85193010",
        mfn: "3.5%",
        row: "8519.30.10 | With automatic record changing mechanism | 3.5 % | row_id 47631",
    },
    Pin {
        code: "85241110",
        mfn: "6%",
        row: "8524.11.10 | For motor vehicles of headings 87.01 to 87.05 | 6 % | row_id 47746",
    },
    // 85 audio, page 201
    Pin {
        code: "85285920",
        mfn: "6%",
        row: "8528.59.20 | Black and white or other monochrome | 6 % | row_id 47893",
    },
    Pin {
        code: "85287231",
        mfn: "5%",
        row: "8528.72.31 | Projection type, with cathode-ray tube | 5 % | row_id 47931",
    },
    Pin {
        code: "85287292",
        mfn: "5.5%",
        row: "8528.72.92 | Combined in the same housing with video recording or reproducing apparatus ... | 5.5 % | row_id 47944",
    },
    // 90 optics, page 219
    Pin {
        code: "90039090",
        mfn: "2.5%",
        row: "9003.90.90 | Other | 2.5 % | row_id 49631",
    },
    Pin {
        code: "90041000",
        mfn: "5%",
        row: "9004.10.00 | Sunglasses | 5 % | row_id 49634",
    },
    Pin {
        code: "90058090",
        mfn: "4.5%",
        row: "9005.80.90 | Other | 4.5 % | row_id 49648",
    },
    Pin {
        code: "90066920",
        mfn: "6.5%",
        row: "9006.69.20 | Flashbulbs, flashcubes and the like | 6.5 % | row_id 49694",
    },
    // 91 watches, page 225
    Pin {
        code: "91059190",
        mfn: "14%",
        row: "9105.91.90 | Other | 14 % | row_id 50223",
    },
    Pin {
        code: "91059990",
        mfn: "11%",
        row: "9105.99.90 | Other | 11 % | row_id 50228",
    },
    Pin {
        code: "91070090",
        mfn: "6.5%",
        row: "9107.00.90 | Other | 6.5 % | row_id 50241",
    },
    Pin {
        code: "91131090",
        mfn: "4.5%",
        row: "9113.10.90 | Other | 4.5 % | row_id 50288",
    },
    // 94 furniture, page 229
    Pin {
        code: "94032000",
        mfn: "8%",
        row: "9403.20.00 | Other metal furniture | 8 % | row_id 50662",
    },
    Pin {
        code: "94034000",
        mfn: "9.5%",
        row: "9403.40.00 | Wooden furniture of a kind used in the kitchen | 9.5 % | row_id 50679",
    },
    Pin {
        code: "94043000",
        mfn: "15.5%",
        row: "9404.30.00 | Sleeping bags | 15.5 % | row_id 50774",
    },
    Pin {
        code: "94044000",
        mfn: "14%",
        row: "9404.40.00 | Quilts, bedspreads, eiderdowns and duvets (comforters) | 14 % | row_id 50777",
    },
    // 95 toys, page 231
    Pin {
        code: "95044000",
        mfn: "0%",
        row: "9504.40.00 | Playing cards | Free | row_id 50976",
    },
    Pin {
        code: "95065990",
        mfn: "7%",
        row: "9506.59.90 | Other | 7 % | row_id 51043",
    },
    Pin {
        code: "95067020",
        mfn: "5.5%",
        row: "9506.70.20 | Ice or roller skates not attached to boots or other footwear | 5.5 % | row_id 51072",
    },
    // 96 misc, page 233
    Pin {
        code: "96039030",
        mfn: "15.5%",
        row: "9603.90.30 | Mops of textile materials | 15.5 % | row_id 51230",
    },
    Pin {
        code: "96071900",
        mfn: "11%",
        row: "9607.19.00 | Other | 11 % | row_id 51257",
    },
    Pin {
        code: "96072010",
        mfn: "11.5%",
        row: "9607.20.10 | Of textile materials | 11.5 % | row_id 51260",
    },
    Pin {
        code: "96092090",
        mfn: "6%",
        row: "9609.20.90 | Other | 6 % | row_id 51303",
    },
];
