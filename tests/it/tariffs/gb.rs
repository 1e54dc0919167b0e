//! UK Global Tariff (as in force 2021-01-01): MFN rates pinned by hand from the UK Global Tariff data file (uktrade/global-uk-tariff @ ab1e602, global-uk-tariff.csv, column ukgt_duty_rate).

use super::Pin;

/// Each `row` is the official file's row (code | description | rate as printed), abridged.
pub const PINS: &[Pin] = &[
    // Food, chapters 04-21
    Pin {
        code: "04061030",
        mfn: "1.54 GBP/kg",
        row: "04061030 | Fresh Mozzarella, fat content <= 40% | 154.00 GBP/100kg",
    },
    Pin {
        code: "04069021",
        mfn: "1.39 GBP/kg",
        row: "04069021 | Cheddar (excl. grated or powdered and for processing) | 139.00 GBP/100kg",
    },
    Pin {
        code: "04021091",
        mfn: "1 GBP/kg_lactic_matter + 0.23 GBP/kg",
        row: "04021091 | Milk and cream in solid forms, fat <= 1,5%, sweetened | 1.00 GBP/kg/lactic matter + 23.00 GBP/100kg",
    },
    Pin {
        code: "04090000",
        mfn: "16%",
        row: "04090000 | Natural honey | 16.0%",
    },
    Pin {
        code: "04071100",
        mfn: "0.029 GBP/item",
        row: "04071100 | Fertilised eggs for incubation, of domestic fowls | 29.00 GBP/1000 items",
    },
    Pin {
        code: "01051200",
        mfn: "0.127 GBP/item",
        row: "01051200 | Live domestic turkeys, weighing <= 185 g | 127.00 GBP/ 1000 items",
    },
    Pin {
        code: "02023090",
        mfn: "12% + 2.54 GBP/kg",
        row: "02023090 | Frozen bovine boneless meat | 12.00% + 254.00 GBP/100kg",
    },
    Pin {
        code: "07020000",
        mfn: "8% + ?seasonal",
        row: "07020000 | Tomatoes, fresh or chilled | 8.00% (01 NOV - 14 MAY), 14.00% (15 MAY - 31 OCT)",
    },
    Pin {
        code: "07104000",
        mfn: "4% + 0.078 GBP/kg_net_drained",
        row: "07104000 | Sweetcorn, frozen | 4.00% + 7.80 GBP/100kg eda",
    },
    Pin {
        code: "08083090",
        mfn: "0% + ?seasonal",
        row: "08083090 | Fresh pears (excl. perry pears in bulk) | 8.00% (01 JAN - 31 JAN), 4.00% (01 FEB - 31 MAR), 0.00% (01 APR - 31 JUL), 10.00% (01 AUG - 31 DEC)",
    },
    Pin {
        code: "08052200",
        mfn: "16%",
        row: "08052200 | Fresh or dried clementines incl. monreales | 16.0%",
    },
    Pin {
        code: "09012100",
        mfn: "6%",
        row: "09012100 | Roasted coffee (excl. decaffeinated) | 6.0%",
    },
    Pin {
        code: "09021000",
        mfn: "2%",
        row: "09021000 | Green tea in immediate packings of <= 3 kg | 2.0%",
    },
    Pin {
        code: "1001990040",
        mfn: "0.079 GBP/kg",
        row: "1001990040 | Wheat and meslin - Medium quality common wheat | 79.00 GBP/1000kg",
    },
    Pin {
        code: "17011210",
        mfn: "0.28 GBP/kg_standard_quality",
        row: "17011210 | Raw beet sugar, for refining | 28.00 GBP/100kg std qual",
    },
    Pin {
        code: "17029095",
        mfn: "0.3 GBP/kg_sucrose",
        row: "17029095 | Sugars in solid form, incl. invert sugar | 0.30 GBP/100kg/net/%sacchar.",
    },
    Pin {
        code: "17025000",
        mfn: "16% + 0.42 GBP/kg_dry_matter",
        row: "17025000 | Chemically pure fructose in solid form | 16.00% + 42.00 GBP/100kg mas",
    },
    Pin {
        code: "18069019",
        mfn: "8%",
        row: "18069019 | Chocolates, whether or not filled, not containing alcohol | 8.0%",
    },
    Pin {
        code: "19053111",
        mfn: "8%",
        row: "19053111 | Sweet biscuits, coated or covered with chocolate | 8.0%",
    },
    Pin {
        code: "20091911",
        mfn: "30% + 0.17 GBP/kg",
        row: "20091911 | Orange juice, Brix value > 67, value <= 25 GBP per 100 kg | 30.00% + 17.00 GBP/100kg",
    },
    Pin {
        code: "20096971",
        mfn: "20% + 1.09 GBP/l + 0.17 GBP/kg",
        row: "20096971 | Concentrated grape juice, Brix value > 30 but <= 67 | 20.00% + 109.00 GBP/hl + 17 GBP/100kg",
    },
    // Drinks and tobacco, chapters 22, 24
    Pin {
        code: "22042109",
        mfn: "0.26 GBP/l",
        row: "22042109 | Other wine of fresh grapes, in bottles with mushroom stoppers | 26.00 GBP/hl",
    },
    Pin {
        code: "2204218010",
        mfn: "0.1 GBP/l",
        row: "2204218010 | Wine produced in EU, containers <= 2 l, <= 15% vol | 10.00 GBP / hl",
    },
    Pin {
        code: "22089091",
        mfn: "0.8 GBP/l_alc + 0.053 GBP/l",
        row: "22089091 | Undenatured ethyl alcohol, < 80% vol, containers <= 2 l | 0.80 GBP/%vol/hl + 5.30 GBP/hl",
    },
    Pin {
        code: "24011060",
        mfn: "0.18 GBP/kg",
        row: "24011060 | Sun-cured oriental type tobacco, unstemmed | 18.00 GBP/100kg",
    },
    Pin {
        code: "24022090",
        mfn: "50%",
        row: "24022090 | Cigarettes, containing tobacco (excl. cloves) | 50.0%",
    },
    // Cosmetics, chapter 33; soap 34; tyres 40; bags 42; jewellery 71
    Pin {
        code: "33030010",
        mfn: "0%",
        row: "33030010 | Perfumes | 0.0%",
    },
    Pin {
        code: "33049900",
        mfn: "0%",
        row: "33049900 | Beauty or make-up preparations and preparations for the care of the skin | 0.0%",
    },
    Pin {
        code: "34013000",
        mfn: "4%",
        row: "34013000 | Organic surface-active products for washing the skin, liquid or cream | 4.0%",
    },
    Pin {
        code: "4011300010",
        mfn: "0%",
        row: "4011300010 | New pneumatic tyres for aircraft - For use on civil aircraft | 0.0%",
    },
    Pin {
        code: "40113000",
        mfn: "4%",
        row: "40113000 | New pneumatic tyres, of rubber, of a kind used for aircraft | 4.0%",
    },
    Pin {
        code: "42022210",
        mfn: "8%",
        row: "42022210 | Handbags, outer surface of plastic sheeting | 8.0%",
    },
    Pin {
        code: "71171900",
        mfn: "4%",
        row: "71171900 | Imitation jewellery, of base metal | 4.0%",
    },
    // Apparel, chapters 61, 62
    Pin {
        code: "61091000",
        mfn: "12%",
        row: "61091000 | T-shirts, singlets and other vests of cotton, knitted or crocheted | 12.0%",
    },
    Pin {
        code: "61044200",
        mfn: "12%",
        row: "61044200 | Women's or girls' dresses of cotton, knitted or crocheted | 12.0%",
    },
    Pin {
        code: "62034231",
        mfn: "12%",
        row: "62034231 | Men's or boys' trousers and breeches of cotton denim | 12.0%",
    },
    Pin {
        code: "62052000",
        mfn: "12%",
        row: "62052000 | Men's or boys' shirts of cotton | 12.0%",
    },
    // Footwear, chapter 64
    Pin {
        code: "64029190",
        mfn: "16%",
        row: "64029190 | Footwear covering the ankle, outer soles and uppers of rubber or plastics | 16.0%",
    },
    Pin {
        code: "64039198",
        mfn: "4%",
        row: "64039198 | Women's footwear, uppers of leather, covering the ankle | 4.0%",
    },
    Pin {
        code: "64039998",
        mfn: "6%",
        row: "64039998 | Footwear, uppers of leather, in-soles < 24 cm | 6.0%",
    },
    Pin {
        code: "64041100",
        mfn: "16%",
        row: "64041100 | Sports footwear, uppers of textile materials | 16.0%",
    },
    // Ceramics, chapter 69
    Pin {
        code: "69111000",
        mfn: "12%",
        row: "69111000 | Tableware and kitchenware, of porcelain or china | 12.0%",
    },
    Pin {
        code: "6911100090",
        mfn: "12%",
        row: "6911100090 | Tableware and kitchenware, of porcelain or china | 12.0%",
    },
    Pin {
        code: "69120023",
        mfn: "4%",
        row: "69120023 | Tableware and kitchenware, of stoneware | 4.0%",
    },
    Pin {
        code: "6912002111",
        mfn: "4%",
        row: "6912002111 | Tableware and kitchenware, of common pottery | 4.0%",
    },
    Pin {
        code: "69120025",
        mfn: "8%",
        row: "69120025 | Tableware and kitchenware, of earthenware or fine pottery | 8.0%",
    },
    // Electronics, chapter 85
    Pin {
        code: "85044055",
        mfn: "0%",
        row: "85044055 | Accumulator chargers | 0.0%",
    },
    Pin {
        code: "85076000",
        mfn: "2%",
        row: "85076000 | Lithium-ion accumulators (excl. spent) | 2.0%",
    },
    Pin {
        code: "8507600010",
        mfn: "0%",
        row: "8507600010 | Lithium-ion accumulators - For use in civil aircraft | 0.0%",
    },
    Pin {
        code: "85171200",
        mfn: "0%",
        row: "85171200 | Telephones for cellular networks mobile telephones | 0.0%",
    },
    Pin {
        code: "85183000",
        mfn: "0%",
        row: "85183000 | Headphones and earphones | 0.0%",
    },
    Pin {
        code: "85287199",
        mfn: "0%",
        row: "85287199 | Reception apparatus for television, not designed to incorporate a screen | 0.0%",
    },
    Pin {
        code: "85287240",
        mfn: "14%",
        row: "85287240 | Reception apparatus for television, colour, with LCD screen | 14.0%",
    },
    // Bicycles 8712, sunglasses 9004, watches 91
    Pin {
        code: "87120030",
        mfn: "14%",
        row: "87120030 | Bicycles, not motorised, with ball bearings | 14.0%",
    },
    Pin {
        code: "87120070",
        mfn: "14%",
        row: "87120070 | Cycles, not motorised (excl. bicycles with ball bearings) | 14.0%",
    },
    Pin {
        code: "90041091",
        mfn: "2%",
        row: "90041091 | Sunglasses with lenses of plastics, not optically worked | 2.0%",
    },
    Pin {
        code: "91021100",
        mfn: "0.2 GBP/item",
        row: "91021100 | Wrist-watches, electrically operated, with mechanical display only | 0.20 GBP/ item",
    },
    Pin {
        code: "91111000",
        mfn: "0%",
        row: "91111000 | Cases for wrist-watches, of precious metal | 0.0%",
    },
    Pin {
        code: "91051900",
        mfn: "2%",
        row: "91051900 | Alarm clocks (excl. electrically operated) | 2.0%",
    },
    // Furniture, chapter 94
    Pin {
        code: "94015300",
        mfn: "4%",
        row: "94015300 | Seats of rattan | 4.0%",
    },
    Pin {
        code: "94036010",
        mfn: "0%",
        row: "94036010 | Wooden furniture for dining rooms and living rooms | 0.0%",
    },
    Pin {
        code: "94042910",
        mfn: "2%",
        row: "94042910 | Mattresses with spring interiors | 2.0%",
    },
    // Toys and games, chapter 95
    Pin {
        code: "95030041",
        mfn: "4%",
        row: "95030041 | Stuffed toys representing animals or non-human creatures | 4.0%",
    },
    Pin {
        code: "95030069",
        mfn: "4%",
        row: "95030069 | Puzzles (excl. of wood) | 4.0%",
    },
    Pin {
        code: "95045000",
        mfn: "0%",
        row: "95045000 | Video game consoles and machines | 0.0%",
    },
    Pin {
        code: "95066200",
        mfn: "2%",
        row: "95066200 | Inflatable balls | 2.0%",
    },
];
