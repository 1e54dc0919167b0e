//! Australian Customs Tariff, Schedule 3 general rates: MFN rates pinned by hand from the ABF
//! Working Tariff as scraped 2026-04 (networkneedsau/australian-tariff-classification @ 9a8f3f3,
//! data/tariff-schedule3.json).

use super::Pin;

/// Each `row` is the official file's row (code | description | rate as printed), abridged.
/// Concessional rates run on after the general rate (DCS, DCT, CA, DC, NZ/PG/FI/DC/LDC) are not
/// the MFN; a staged general rate ("From1July2019 Free") is in force at its last stage.
pub const PINS: &[Pin] = &[
    // Food (04-21)
    Pin {
        code: "04011000",
        mfn: "0%",
        row: "0401.10.00 | Of a fat content, by weight, not exceeding 1% | Free",
    },
    Pin {
        code: "04061000",
        mfn: "1.22 AUD/kg",
        row: "0406.10.00 | Fresh (unripened or uncured) cheese, including whey cheese, and curd | $1.220/kg DC$1.220/kg, less 5%",
    },
    Pin {
        code: "04064010",
        mfn: "0%",
        row: "0406.40.10 | Cheese, of the following types (a) roquefort; (b) stilton | Free",
    },
    Pin {
        code: "04069090",
        mfn: "1.22 AUD/kg",
        row: "0406.90.90 | Other cheese > Other | $1.220/kg DC$1.220/kg, less 5%",
    },
    Pin {
        code: "09011100",
        mfn: "0%",
        row: "0901.11.00 | Not decaffeinated | Free",
    },
    Pin {
        code: "18063200",
        mfn: "5%",
        row: "1806.32.00 | Not filled | 5%",
    },
    Pin {
        code: "19051000",
        mfn: "0%",
        row: "1905.10.00 | Crispbread | Free",
    },
    Pin {
        code: "19053100",
        mfn: "5%",
        row: "1905.31.00 | Sweet biscuits | 5% DCSFree",
    },
    Pin {
        code: "20092100",
        mfn: "5% max 0.45 AUD/kg_tss",
        row: "2009.21.00 | Of a Brix value not exceeding 20 | 5%, or, if lower, $0.45/kg TSS",
    },
    Pin {
        code: "20093110",
        mfn: "0%",
        row: "2009.31.10 | Lime juice, unsweetened | Free",
    },
    Pin {
        code: "20095000",
        mfn: "5%",
        row: "2009.50.00 | Tomato juice | 5%",
    },
    Pin {
        code: "21061020",
        mfn: "5%",
        row: "2106.10.20 | Textured protein substances | 5% DCS4% DCT5%",
    },
    Pin {
        code: "21069095",
        mfn: "4%",
        row: "2106.90.95 | Formulated supplementary food | 4% DCS Free",
    },
    // Beverages and tobacco: excise-equivalent specific rates
    Pin {
        code: "22030066",
        mfn: "63.75 AUD/l_alc_above_1_15pct",
        row: "2203.00.66 | Other beer ... exceeding 3.0% vol but not exceeding 3.5% vol | $63.75/L of alcohol, calculated on that alcohol content by which the percentage by volume of alcohol of the goods exceeds 1.15 NZ/PG/FI/DC/LDC/SG ...",
    },
    Pin {
        code: "22030091",
        mfn: "107.99 AUD/l_alc",
        row: "2203.00.91 | Having an alcoholic strength by volume exceeding 1.15% vol but not exceeding 10% vol | $107.99/L of alcohol NZ/PG/FI/DC/LDC/SG $107.99/L of alcohol",
    },
    Pin {
        code: "22042120",
        mfn: "5%",
        row: "2204.21.20 | Grape wine as defined in Additional Note 3 to this Chapter | 5%",
    },
    Pin {
        code: "22042190",
        mfn: "5% + 107.99 AUD/l_alc",
        row: "2204.21.90 | Other | 5%, and $107.99/L of alcohol NZ/PG/FI/DC/LDC/SG $107.99/L of alcohol",
    },
    Pin {
        code: "22086000",
        mfn: "5% + 107.99 AUD/l_alc",
        row: "2208.60.00 | Vodka | 5%, and $107.99/L of alcohol NZ/PG/FI/DC/LDC/SG $107.99/L of alcohol DCS3%, and $107.99/L of alcohol",
    },
    Pin {
        code: "22089010",
        mfn: "5%",
        row: "2208.90.10 | Having an alcoholic strength by volume not exceeding 1.15% vol | 5% DCS3%",
    },
    Pin {
        code: "24022020",
        mfn: "1.52829 AUD/stick",
        row: "2402.20.20 | Not exceeding in weight 0.8 grams per stick of tobacco content | $1.52829/stick NZ/PG/FI/DC/LDC $1.52829/stick",
    },
    Pin {
        code: "24022080",
        mfn: "2445.26 AUD/kg_tobacco",
        row: "2402.20.80 | Other | $2,445.26/kg of tobacco content NZ/PG/FI/DC/LDC $2,445.26/kg of tobacco content",
    },
    // Fuels (excise-equivalent)
    Pin {
        code: "27101269",
        mfn: "0.526 AUD/l",
        row: "2710.12.69* | Other | $0.526/L NZ/PG/FI/DC/LDC/SG $0.526/L",
    },
    Pin {
        code: "27101262",
        mfn: "0.526 AUD/l_gasoline + 0.526 AUD/l_ethanol + 0.526 AUD/l_other_substances",
        row: "2710.12.62* | Blends of gasoline and ethanol | $0.526/L of gasoline plus $0.526/L of ethanol plus $0.526/L of other substances (if any) in the blend NZ/PG/FI/DC/LDC/SG ...",
    },
    Pin {
        code: "27101992",
        mfn: "0.142 AUD/kg",
        row: "2710.19.92 | Petroleum based greases | $0.142/kg NZ/PG/FI/DC/ LDC $0.142/kg",
    },
    // Plastics, rubber, leather, paper
    Pin {
        code: "39241000",
        mfn: "5%",
        row: "3924.10.00 | Tableware and kitchenware | 5% CAFree",
    },
    Pin {
        code: "40169200",
        mfn: "5%",
        row: "4016.92.00 | Erasers | 5%",
    },
    Pin {
        code: "42031000",
        mfn: "5%",
        row: "4203.10.00 | Articles of apparel | 10% DC5% From 1 January 2015 5%",
    },
    Pin {
        code: "42023290",
        mfn: "0%",
        row: "4202.32.90 | Other | Free",
    },
    Pin {
        code: "48191000",
        mfn: "5%",
        row: "4819.10.00 | Cartons, boxes and cases, of corrugated paper or paperboard | 5%",
    },
    // Footwear (64), headgear (65)
    Pin {
        code: "64021200",
        mfn: "0%",
        row: "6402.12.00 | Ski-boots, cross-country ski footwear and snowboard boots | Free",
    },
    Pin {
        code: "64021900",
        mfn: "5%",
        row: "6402.19.00 | Other | 5%",
    },
    Pin {
        code: "64034000",
        mfn: "0%",
        row: "6403.40.00 | Other footwear, incorporating a protective metal toe-cap | Free",
    },
    Pin {
        code: "64035100",
        mfn: "5%",
        row: "6403.51.00 | Covering the ankle | 5%",
    },
    Pin {
        code: "64041110",
        mfn: "0%",
        row: "6404.11.10 | Ski-boots, cross-country ski footwear and snowboard boots | Free",
    },
    Pin {
        code: "64041190",
        mfn: "5%",
        row: "6404.11.90 | Other | 5%",
    },
    Pin {
        code: "65050090",
        mfn: "0%",
        row: "6505.00.90 | Other | Free",
    },
    // Ceramics (69), glass (70), imitation jewellery (71)
    Pin {
        code: "69111000",
        mfn: "5%",
        row: "6911.10.00 | Tableware and kitchenware | 5%",
    },
    Pin {
        code: "69119000",
        mfn: "5%",
        row: "6911.90.00 | Other | 5%",
    },
    Pin {
        code: "69120000",
        mfn: "5%",
        row: "6912.00.00 | CERAMIC TABLEWARE, KITCHENWARE, OTHER HOUSEHOLD ARTICLES AND TOILET ARTICLES, OTHER THAN OF PORCELAIN OR CHINA | 5%",
    },
    Pin {
        code: "70132200",
        mfn: "0%",
        row: "7013.22.00 | Of lead crystal | Free",
    },
    Pin {
        code: "70133700",
        mfn: "5%",
        row: "7013.37.00 | Other | 5% DCS4% DCT5%",
    },
    Pin {
        code: "71171900",
        mfn: "5%",
        row: "7117.19.00 | Other | 5%",
    },
    // Electronics (85)
    Pin {
        code: "85044090",
        mfn: "0%",
        row: "8504.40.90 | Other (static converters) | 5% From1July2018 3.75% From1July2019 Free",
    },
    Pin {
        code: "85076000",
        mfn: "5%",
        row: "8507.60.00 | Lithium-ion | 5% CAFree",
    },
    Pin {
        code: "85163100",
        mfn: "5%",
        row: "8516.31.00 | Hair dryers | 5%",
    },
    Pin {
        code: "85171300",
        mfn: "0%",
        row: "8517.13.00 | Smartphones | Free",
    },
    Pin {
        code: "85176910",
        mfn: "0%",
        row: "8517.69.10 | Reception apparatus for radio-telephony or radio-telegraphy ... | 5% CAFree From1July2018 3.75% CA Free From1July2019 Free",
    },
    Pin {
        code: "85182100",
        mfn: "0%",
        row: "8518.21.00 | Single loudspeakers, mounted in their enclosures | 5% From1July2020 2.5% From1July2021 Free",
    },
    Pin {
        code: "85183010",
        mfn: "0%",
        row: "8518.30.10 | Goods, as follows (a) line telephone headsets; ... | Free",
    },
    Pin {
        code: "85183090",
        mfn: "0%",
        row: "8518.30.90 | Other (headphones and earphones) | 5% From1July2018 3.75% From1July2019 Free",
    },
    // Vehicles (87), optics (90), watches (91)
    Pin {
        code: "87116000",
        mfn: "5%",
        row: "8711.60.00 | With electric motor for propulsion | 5% DCS 4% DCT 5%",
    },
    Pin {
        code: "87120000",
        mfn: "5%",
        row: "8712.00.00 | BICYCLES AND OTHER CYCLES (INCLUDING DELIVERY TRICYCLES), NOT MOTORISED | 5%",
    },
    Pin {
        code: "90041000",
        mfn: "5%",
        row: "9004.10.00 | Sunglasses | 5%",
    },
    Pin {
        code: "91021100",
        mfn: "0%",
        row: "9102.11.00 | With mechanical display only | Free",
    },
    Pin {
        code: "91051100",
        mfn: "0%",
        row: "9105.11.00 | Electrically operated | Free",
    },
    // Furniture and lamps (94)
    Pin {
        code: "94013100",
        mfn: "5%",
        row: "9401.31.00 | Of wood | 5% CAFree",
    },
    Pin {
        code: "94033000",
        mfn: "5%",
        row: "9403.30.00 | Wooden furniture of a kind used in offices | 5%",
    },
    Pin {
        code: "94038200",
        mfn: "0%",
        row: "9403.82.00 | Of bamboo | Free",
    },
    Pin {
        code: "94054200",
        mfn: "5%",
        row: "9405.42.00 | Other, designed for use solely with light-emitting diode (LED) light sources | 5% CAFree",
    },
    // Toys, games, sports (95); miscellaneous (96)
    Pin {
        code: "95030010",
        mfn: "0%",
        row: "9503.00.10 | Wheeled toys designed to be ridden by children ... | Free",
    },
    Pin {
        code: "95030030",
        mfn: "5%",
        row: "9503.00.30 | Toys representing animals or non-human creatures | 5%",
    },
    Pin {
        code: "95030099",
        mfn: "5%",
        row: "9503.00.99 | Other > Other | 5%",
    },
    Pin {
        code: "95044000",
        mfn: "5%",
        row: "9504.40.00 | Playing cards | 5%",
    },
    Pin {
        code: "95045090",
        mfn: "0%",
        row: "9504.50.90 | Other (video game consoles) | 5% From1July2018 3.75% From1July2019 Free",
    },
    Pin {
        code: "95066200",
        mfn: "5%",
        row: "9506.62.00 | Inflatable | 5%",
    },
    Pin {
        code: "96032100",
        mfn: "0%",
        row: "9603.21.00 | Tooth brushes, including dental-plate brushes | Free",
    },
    Pin {
        code: "96081000",
        mfn: "0%",
        row: "9608.10.00 | Ball point pens | Free",
    },
];
